"""Shared pieces of pmboard's browser checks (scripts/check-pages, Tests/Scripts/live_dates_check.py).

A local HTTP server for a built site that sends a Content-Security-Policy header (so a check sees what a strict
host would allow), and headless Debian Chromium driven by Selenium through Debian's chromedriver (no driver or
browser download: Selenium Manager is never asked). Test tooling only; pmboard itself never runs Python.
"""
import functools
import http.server
import importlib.util
import os
import pathlib
import shutil
import threading

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": True}
DESKTOP = {"width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": False}
TABLET = {"width": 768, "height": 1024, "deviceScaleFactor": 2, "mobile": True}


class Site:
    """Serves `folder` on 127.0.0.1 (a free port) with `csp` as the Content-Security-Policy of every response."""

    def __init__(self, folder, csp="script-src 'self'"):
        class Handler(http.server.SimpleHTTPRequestHandler):
            def end_headers(self):
                if csp:
                    self.send_header("Content-Security-Policy", csp)
                self.send_header("Cache-Control", "no-store")
                super().end_headers()

            def log_message(self, *args):
                pass

        handler = functools.partial(Handler, directory=str(folder))
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.base = f"http://127.0.0.1:{self.server.server_address[1]}/"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def url(self, page):
        return self.base + page

    def close(self):
        self.server.shutdown()
        self.server.server_close()


def chromium(tz=None, width=1280, height=900, env_extra=None):
    """Headless Chromium; `tz` sets the browser's own time zone through its environment (TZ), `env_extra` adds
    other variables (FONTCONFIG_FILE, say)."""
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                 "--hide-scrollbars", "--no-first-run", "--disable-extensions", f"--window-size={width},{height}",
                 "--lang=en-US"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    env = dict(os.environ)
    if tz:
        env["TZ"] = tz
    env.update(env_extra or {})
    service = Service(executable_path=CHROMEDRIVER, env=env)
    return webdriver.Chrome(options=options, service=service)


def emulate(driver, screen, dark):
    """Viewport (desktop or phone, with touch and mobile layout) and prefers-color-scheme, through CDP."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", screen)
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": screen["mobile"]})
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "features": [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]})


def axe_source():
    """axe-core's axe.min.js as shipped inside the axe-playwright-python wheel (found without importing it)."""
    spec = importlib.util.find_spec("axe_playwright_python")
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("axe-playwright-python is not installed (pip install axe-playwright-python)")
    path = pathlib.Path(list(spec.submodule_search_locations)[0]) / "axe.min.js"
    return path.read_text(encoding="utf-8")


def console_errors(driver):
    """Console entries at SEVERE level since the last call (CSP refusals, failed loads, script errors)."""
    return [entry["message"] for entry in driver.get_log("browser") if entry.get("level") == "SEVERE"]
