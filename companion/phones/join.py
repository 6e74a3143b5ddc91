"""How a phone finds the table: the Pi's LAN addresses, a seat's join link, and its QR code (segno)."""
from __future__ import annotations

import io
import ipaddress
import socket

import ifaddr


def lan_addresses() -> list[str]:
    """The machine's IPv4 addresses a phone on the same network can reach (private ranges first)."""
    found = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if not isinstance(ip.ip, str):
                continue  # IPv6: phones' browsers take IPv4 links more readily
            address = ipaddress.ip_address(ip.ip)
            if not (address.is_loopback or address.is_link_local or address.is_multicast):
                found.append(str(address))
    return sorted(set(found), key=lambda a: (not ipaddress.ip_address(a).is_private, a))


def local_name() -> str | None:
    """The machine's `.local` name if it resolves here (avahi/mDNS), else None. May take a moment: call it
    off the UI thread."""
    name = socket.gethostname().split(".")[0] + ".local"
    try:
        socket.getaddrinfo(name, None, socket.AF_INET)
    except OSError:
        return None
    return name


def table_host() -> str:
    """The address to put in join links: the first LAN address, else this machine's loopback (a laptop alone)."""
    addresses = lan_addresses()
    return addresses[0] if addresses else "127.0.0.1"


def join_url(host: str, port: int, token: str) -> str:
    return f"http://{host}:{port}/s/{token}"


def warm() -> None:
    """Import what a QR code needs ahead of the first one shown (the app does it once its phones run)."""
    import segno  # noqa: F401


def qr_png(text: str, scale: int = 8) -> bytes:
    """A QR code of `text` as PNG bytes (black on white, a quiet zone of two modules)."""
    import segno  # only when a seat's QR code is shown
    out = io.BytesIO()
    segno.make(text, error="m").save(out, kind="png", scale=scale, border=2)
    return out.getvalue()
