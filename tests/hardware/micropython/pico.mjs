// Runs MicroPython (its WebAssembly port, under Node) as a Raspberry Pi Pico would run main.py.
//
//   node pico.mjs PACKAGE_DIR SCENARIO.json FILE.py...
//
// Every FILE is copied into MicroPython's file system (so one can import another); then each runs in
// __main__, in order, as the Pico runs boot.py then main.py (a FILE given as lib:PATH is only copied). The last one's end is written to stdout as
// one JSON line: {"status": "end"} when the board ended the run (SystemExit at the scenario's end),
// "returned" when the code returned by itself, "error" with the exception otherwise.
//
// The USB serial port: host bytes arrive on fd $PICO_IN_FD (non-blocking, read whenever the firmware
// polls) and pass through what the Pico's USB driver does with them: the interrupt character (Ctrl-C
// unless micropython.kbd_intr() changed it) is taken out and raises KeyboardInterrupt. What the firmware
// writes leaves on fd $PICO_OUT_FD (default: stdout, before the status line); a NUL byte and a letter
// there is a word for the test's relay (U: pull the USB cable, R: plug it back), in order with the
// bytes around it.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pkg, scenarioPath, ...files] = process.argv.slice(2);
const IN = Number(process.env.PICO_IN_FD ?? -1);
const OUT = Number(process.env.PICO_OUT_FD ?? -1) >= 0 ? Number(process.env.PICO_OUT_FD) : 1;
const scenarioText = fs.readFileSync(scenarioPath, "utf8");
const speed = JSON.parse(scenarioText).speed ?? 0;   // virtual ms per real ms; 0: as fast as it runs
const { loadMicroPython } = await import(pathToFileURL(path.join(pkg, "micropython.mjs")).href);

const rx = [];        // host bytes the firmware has not read yet
let tx = [];          // firmware bytes not yet passed on
const mp = await loadMicroPython({
  linebuffer: false,
  stdout: (b) => { for (const c of b) tx.push(c); },
  stderr: (b) => process.stderr.write(b),
  stdin: () => (rx.length ? rx.shift() : null),
});
const M = mp._module;

function writeAll(fd, buf) {
  let off = 0;
  while (off < buf.length) off += fs.writeSync(fd, buf, off, buf.length - off);
}

function flush() {
  if (tx.length) { writeAll(OUT, Buffer.from(tx)); tx = []; }
}

function usbReceive(bytes) {          // what the Pico's USB CDC driver does with incoming bytes
  for (const c of bytes) {
    if (c === M._mp_hal_get_interrupt_char()) M._mp_sched_keyboard_interrupt();
    else rx.push(c);
  }
}

const chunk = Buffer.alloc(4096);
function pump() {                     // read what the host sent so far; never blocks
  if (IN >= 0) {
    for (;;) {
      let n;
      try { n = fs.readSync(IN, chunk, 0, chunk.length, null); } catch (e) {
        if (e.code === "EAGAIN") break;
        throw e;
      }
      if (n === 0) break;
      usbReceive(chunk.subarray(0, n));
    }
  }
  return rx.length;
}

let t0 = null;                        // real time of virtual 0, set at the firmware's first sleep
const nap = new Int32Array(new SharedArrayBuffer(4));
function sleep(virtualMs) {           // pass output on; keep virtual time from running ahead of real time
  flush();
  if (speed > 0) {
    t0 ??= performance.now() - virtualMs / speed;
    const wait = virtualMs / speed - (performance.now() - t0);
    if (wait > 0) Atomics.wait(nap, 0, 0, wait);
  }
}

mp.registerJsModule("host", {
  scenario: () => scenarioText,
  pump,
  sleep,
  usb: (word) => { flush(); writeAll(OUT, Buffer.from("\0" + word, "latin1")); },
  inject: (hex) => usbReceive(Buffer.from(hex, "hex")),
  report: (s) => process.stderr.write(s + "\n"),
  interrupt_char: () => M._mp_hal_get_interrupt_char(),
});

const paths = files.map((f) => f.replace(/^lib:/, ""));
for (const f of paths) mp.FS.writeFile("/" + path.basename(f), fs.readFileSync(f));
let result = { status: "returned" };
for (const f of files.filter((f) => !f.startsWith("lib:"))) {
  try {
    mp.runPython(fs.readFileSync(f, "utf8"));
  } catch (e) {
    if (e.name !== "PythonError") throw e;
    result = e.type === "SystemExit" ? { status: "end" } : { status: "error", type: e.type, error: e.message };
    break;
  }
}
flush();
result.interrupt_char = M._mp_hal_get_interrupt_char();
process.stdout.write(JSON.stringify(result) + "\n");
