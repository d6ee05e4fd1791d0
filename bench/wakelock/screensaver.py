# A stand-in for the desktop's screen saver on the D-Bus session bus
# (org.freedesktop.ScreenSaver): it writes a line for every Inhibit and
# UnInhibit chromium sends, which is how chromium on Linux holds a screen
# wake lock. Used by measure.sh; needs python3-dbus and python3-gi.
import sys, time
import dbus, dbus.service, dbus.mainloop.glib
from gi.repository import GLib

dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
log = open(sys.argv[1], "a", buffering=1)


class ScreenSaver(dbus.service.Object):
    cookie = 0

    @dbus.service.method("org.freedesktop.ScreenSaver", in_signature="ss", out_signature="u")
    def Inhibit(self, app, reason):
        ScreenSaver.cookie += 1
        log.write("%.3f Inhibit %s\n" % (time.time(), reason))
        return ScreenSaver.cookie

    @dbus.service.method("org.freedesktop.ScreenSaver", in_signature="u", out_signature="")
    def UnInhibit(self, cookie):
        log.write("%.3f UnInhibit %d\n" % (time.time(), cookie))


bus = dbus.SessionBus()
name = dbus.service.BusName("org.freedesktop.ScreenSaver", bus)
ScreenSaver(bus, "/org/freedesktop/ScreenSaver")
ScreenSaver(bus, "/ScreenSaver")
log.write("ready\n")
GLib.MainLoop().run()
