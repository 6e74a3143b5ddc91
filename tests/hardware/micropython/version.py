import sys

sys.stdout.write("%d.%d.%d\n" % sys.implementation.version[:3])
