#!/usr/bin/env python3
"""The explorer pages seams writes, opened in headless Chromium through Selenium.

Each page is written by the seams binary (SEAMS, default .build/debug/seams) from the sample
and from generated trees; what a page shows is compared with what `seams scan` and
`seams diff --format json` say of the same code, never with numbers written here. A screenshot
of every page goes to a temporary folder, printed at the end.

    python3 Tests/Browser/test_explorer.py [-v] [-k PATTERN]
"""
import base64
import gzip
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SEAMS = os.environ.get("SEAMS", os.path.join(ROOT, ".build", "debug", "seams"))
BENCH = os.environ.get("SEAMS_BENCH", os.path.join(ROOT, ".build", "debug", "seams-bench"))
WORK = tempfile.mkdtemp(prefix="seams-explorer-")
SHOTS = os.path.join(WORK, "screenshots")
os.makedirs(SHOTS)


def seams(*args, cwd=ROOT):
    result = subprocess.run([SEAMS, *args], cwd=cwd, capture_output=True, text=True)
    if result.returncode != 0:
        raise AssertionError(f"seams {' '.join(args)} failed ({result.returncode}): {result.stderr}")
    return result.stdout


def page(name, *args):
    path = os.path.join(WORK, name + ".html")
    if not os.path.exists(path):
        seams(*args, "--output", path)
    return path


def page_data(path):
    """The data a page embeds, unpacked (gzip, then base64) when it is packed."""
    with open(path, encoding="utf-8") as f:
        html = f.read()
    match = re.search(r'<script type="application/json" id="seams-data"( data-packing="gzip")?>([^<]*)</script>', html)
    text = match.group(2)
    if match.group(1):
        text = gzip.decompress(base64.b64decode(text)).decode("utf-8")
    return json.loads(text)


def scan(folder):
    return json.loads(seams("scan", folder))


WEIRD_MODULE = 'Tom & "Jerry" <Lab>'


def weird_tree():
    """Names with quotes, <, & and non-ASCII letters, in a module folder and in types."""
    root = os.path.join(WORK, "weird")
    if not os.path.exists(root):
        os.makedirs(os.path.join(root, WEIRD_MODULE))
        os.makedirs(os.path.join(root, "Plain"))
        with open(os.path.join(root, WEIRD_MODULE, "A.swift"), "w", encoding="utf-8") as f:
            f.write(
                "struct Café { let b = Bücher() }\n"
                'final class Bücher { var c: `Quote "x" <y> & z`? }\n'
                'struct `Quote "x" <y> & z` { let p = Plain() }\n'
            )
        with open(os.path.join(root, "Plain", "P.swift"), "w", encoding="utf-8") as f:
            f.write("struct Plain { func f() -> Café { Café() } }\n")
    return root


def big_tree():
    """A generated legacy app of about 400 types: above the overview threshold."""
    root = os.path.join(WORK, "big")
    if not os.path.exists(root):
        subprocess.run([BENCH, "corpus", "--types", "400", root], check=True, capture_output=True)
    return root


def bigger_tree():
    """A generated legacy app of about 1,000 types: against big_tree(), a diff with over 300 ends."""
    root = os.path.join(WORK, "bigger")
    if not os.path.exists(root):
        subprocess.run([BENCH, "corpus", "--types", "1000", root], check=True, capture_output=True)
    return root


def eighty_modules_tree():
    """Eighty modules, each using the one above it in a binary tree, eight types each: the page
    opens on its modules, each drawn in its module's colour."""
    root = os.path.join(WORK, "eighty")
    if not os.path.exists(root):
        for m in range(80):
            os.makedirs(os.path.join(root, "Module%02d" % m))
            with open(os.path.join(root, "Module%02d" % m, "Types.swift"), "w", encoding="utf-8") as f:
                f.write("final class A%d { let b = B%d() }\n" % (m, m))
                f.write("final class B%d { let up: A%d? = nil }\n" % (m, (m - 1) // 2 if m else 0))
                for k in range(6):
                    f.write("struct C%d_%d { let a: A%d }\n" % (m, k, m))
    return root


def lab(hex_colour):
    """CIE L*a*b* (D65) of an sRGB colour like #a1b2c3."""
    def linear(c):
        c = c / 255
        return ((c + 0.055) / 1.055) ** 2.4 if c > 0.04045 else c / 12.92

    r, g, b = (linear(int(hex_colour[i : i + 2], 16)) for i in (1, 3, 5))
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t):
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))


class Explorer(unittest.TestCase):
    driver = None

    @classmethod
    def setUpClass(cls):
        options = Options()
        for arg in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1400,900"]:
            options.add_argument(arg)
        options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        driver = shutil.which("chromedriver") or "/usr/bin/chromedriver"
        cls.driver = webdriver.Chrome(service=Service(driver), options=options)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()

    # ---- helpers ----------------------------------------------------------------------------
    def open(self, path, shot):
        self.path = path
        self.driver.get("file://" + path)
        self.assertEqual(self.js("return document.body.dataset.ready"), "1", "the page's script ran")
        errors = [e for e in self.driver.get_log("browser") if e["level"] in ("SEVERE", "WARNING")]
        self.assertEqual(errors, [], "no console errors")
        self.assertEqual(self.js("return performance.getEntriesByType('resource').length"), 0, "no requests")
        self.driver.save_screenshot(os.path.join(SHOTS, shot + ".png"))

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def view(self):
        return self.js("return document.body.dataset.view")

    def drawn(self, dim=None):
        """Titles (node ids) of the nodes drawn in the view, all or only the (un)dimmed ones."""
        selector = {None: "g.node", False: "g.node:not(.dim)", True: "g.node.dim"}[dim]
        return set(
            self.js(
                "return [...document.querySelectorAll('#map " + selector + "')]"
                ".filter(g => /^[nm][0-9]+$/.test(g.id)).map(g => g.querySelector('title').textContent)"
            )
        )

    def search(self, text):
        box = self.driver.find_element(By.ID, "search")
        box.clear()
        box.send_keys(text)
        box.send_keys(Keys.ENTER)

    def click_svg(self, element_id):
        self.js(
            "document.getElementById(arguments[0]).dispatchEvent(new MouseEvent('click', {bubbles: true}))", element_id
        )

    def edge_id(self, source, target):
        """The SVG id of the edge source → target in the current view, from the page's data."""
        data = page_data(self.path)
        ids = [n["id"] for n in data["nodes"]]
        found = [i for i, e in enumerate(data["edges"]) if ids[e["from"]] == source and ids[e["to"]] == target]
        return "e%d" % found[0]

    # ---- tests ----------------------------------------------------------------------------
    def test_pages_load_without_errors_or_requests(self):
        with open(page("stage0", "graph", "Samples/Stage0-Legacy"), encoding="utf-8") as f:
            html = f.read()
        self.assertNotIn("http://", html.replace("http://www.w3.org/", ""), "no address to load from")
        self.assertNotIn("https://", html)
        for name, args in [
            ("stage0", ["graph", "Samples/Stage0-Legacy"]),
            ("stage2", ["graph", "Samples/Stage2-Modules"]),
            ("diff01", ["diff", "Samples/Stage0-Legacy", "Samples/Stage1-Seams"]),
            ("cuts", ["graph", "Samples/Stage0-Legacy", "--cuts"]),
            ("testability", ["graph", "Samples/Stage0-Legacy", "--testability"]),
        ]:
            with self.subTest(name):
                self.open(page(name, *args), name)

    def test_search_finds_a_type_and_focuses_it(self):
        self.open(page("stage0", "graph", "Samples/Stage0-Legacy"), "stage0-search")
        box = self.driver.find_element(By.ID, "search")
        box.send_keys("jobsview")
        suggestions = self.driver.find_elements(By.CSS_SELECTOR, "#suggestions li")
        self.assertTrue(suggestions and "JobsViewController" in suggestions[0].text, "suggested as one types")
        box.send_keys(Keys.ENTER)
        self.assertEqual(self.js("return document.body.dataset.focus"), "FieldDesk.JobsViewController")
        focused = self.js("return [...document.querySelectorAll('#map g.node.focus')].map(g => g.querySelector('title').textContent)")
        self.assertEqual(focused, ["FieldDesk.JobsViewController"])
        self.assertIn("FieldDesk.JobsViewController", self.driver.find_element(By.ID, "details").text)
        self.driver.save_screenshot(os.path.join(SHOTS, "stage0-focus.png"))

    def test_focused_neighbours_are_the_graphs_neighbours(self):
        graph = scan("Samples/Stage0-Legacy")
        self.open(page("stage0", "graph", "Samples/Stage0-Legacy"), "stage0-neighbours")
        in_view = self.drawn()
        for focus in ["FieldDesk.AppDelegate", "FieldDesk.Logger", "FieldDesk.Invoice"]:
            for direction in ["both", "in", "out"]:
                with self.subTest(focus=focus, direction=direction):
                    self.js("document.getElementById('direction').value = arguments[0];"
                            "document.getElementById('direction').dispatchEvent(new Event('change'))", direction)
                    self.search(focus)
                    expected = {focus}
                    for e in graph["edges"]:
                        if direction != "in" and e["from"] == focus:
                            expected.add(e["to"])
                        if direction != "out" and e["to"] == focus:
                            expected.add(e["from"])
                    self.assertEqual(self.drawn(dim=False), expected & in_view)
                    self.assertEqual(self.drawn(dim=True), in_view - expected)
        self.js("document.getElementById('direction').value = 'both'")

    def test_star_keeps_only_the_edges_of_the_focus(self):
        graph = scan("Samples/Stage0-Legacy")
        self.open(page("stage0", "graph", "Samples/Stage0-Legacy"), "stage0-star")
        self.search("FieldDesk.AppDelegate")
        self.driver.find_element(By.ID, "star").click()
        data = page_data(self.path)
        shown = self.js("return [...document.querySelectorAll('#map g.edge:not(.hidden)')].map(g => Number(g.id.slice(1)))")
        edges = [data["edges"][i] for i in shown]
        visible = ["%s -> %s" % (data["nodes"][e["from"]]["id"], data["nodes"][e["to"]]["id"]) for e in edges]
        touching = ["%s -> %s" % (e["from"], e["to"]) for e in graph["edges"] if "FieldDesk.AppDelegate" in (e["from"], e["to"])]
        self.assertEqual(sorted(visible), sorted(touching))
        self.driver.save_screenshot(os.path.join(SHOTS, "stage0-star.png"))
        self.driver.find_element(By.ID, "star").click()

    def test_escape_clears_the_focus_and_slash_searches(self):
        self.open(page("stage0", "graph", "Samples/Stage0-Legacy"), "stage0-keys")
        self.search("Logger")
        self.assertEqual(self.js("return document.body.dataset.focus"), "FieldDesk.Logger")
        self.driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)
        self.assertEqual(self.js("return document.body.dataset.focus"), "")
        self.assertEqual(self.drawn(dim=True), set())
        self.driver.find_element(By.TAG_NAME, "body").send_keys("/")
        self.assertEqual(self.js("return document.activeElement.id"), "search")

    def test_a_module_drills_down_to_its_types_and_back(self):
        graph = scan("Samples/Stage2-Modules")
        modules = sorted({n["module"] for n in graph["nodes"] if not n["external"] and n["module"]})
        self.open(page("stage2", "graph", "Samples/Stage2-Modules"), "stage2")
        self.driver.find_element(By.LINK_TEXT, "Modules").click()
        self.assertEqual(self.view(), "modules")
        self.assertEqual(self.drawn(), set(modules))
        target = "FieldDeskCore" if "FieldDeskCore" in modules else modules[0]
        node = self.js(
            "return [...document.querySelectorAll('#map g.node')].find(g => g.querySelector('title').textContent === arguments[0]).id",
            target,
        )
        self.driver.find_element(By.ID, node).click()
        self.assertEqual(self.view(), "module:%d" % modules.index(target))
        own = {n["id"] for n in graph["nodes"] if n["module"] == target and not n["external"]}
        neighbours = {e["to"] for e in graph["edges"] if e["from"] in own} | {
            e["from"] for e in graph["edges"] if e["to"] in own
        }
        self.assertEqual(self.drawn(), own | neighbours)
        self.driver.save_screenshot(os.path.join(SHOTS, "stage2-module.png"))
        self.driver.find_element(By.LINK_TEXT, "Modules").click()
        self.assertEqual(self.view(), "modules")

    def test_a_large_app_opens_on_the_module_overview(self):
        root = big_tree()
        graph = scan(root)
        types = [n for n in graph["nodes"] if not n["external"]]
        self.assertGreater(len(types), 150)
        self.open(page("big", "graph", root), "big-overview")
        self.assertEqual(self.view(), "modules")
        self.search("Screen12")
        self.assertEqual(self.js("return document.body.dataset.focus").split(".")[-1], "Screen12")
        # Its modules are over 150 types: the type is focused in the view of its folder.
        self.assertTrue(self.view().startswith("folder:"))
        self.driver.save_screenshot(os.path.join(SHOTS, "big-focus.png"))

    # ---- the folder level ---------------------------------------------------------------------
    def folder_titles(self):
        """The names the current view's folder nodes are drawn with."""
        return [
            t.rsplit(" (", 1)[0]
            for t in self.js(
                "return [...document.querySelectorAll('#map g.node')].filter(g => /^f[0-9]+$/.test(g.id))"
                ".map(g => [...g.querySelectorAll('text')].map(t => t.textContent).join(' '))"
            )
        ]

    def click_node_named(self, name):
        node = self.js(
            "return [...document.querySelectorAll('#map g.node')].find(g => [...g.querySelectorAll('text')]"
            ".map(t => t.textContent).join(' ').split(' (')[0] === arguments[0]).id",
            name,
        )
        self.click_svg(node)

    def crumbs(self):
        return self.js("return [...document.querySelectorAll('#crumbs a, #crumbs b')].map(e => e.textContent)")

    def test_a_large_module_drills_down_through_its_folders_and_back(self):
        root = big_tree()
        graph = scan(root)
        module0 = [n for n in graph["nodes"] if n["module"] == "Module0" and not n["external"]]
        self.assertGreater(len(module0), 150)
        self.open(page("big", "graph", root), "big-folders")
        self.click_node_named("Module0")
        self.assertEqual(self.js("return document.body.dataset.view"), "module:0")
        self.assertEqual(self.folder_titles(), ["Features/", "files here"])
        self.click_node_named("Features/")
        self.assertEqual(self.folder_titles(), ["Area0/", "Area1/Feature4/"])
        self.click_node_named("Area0/")
        self.assertEqual(self.folder_titles(), ["Feature0/", "Feature1/", "Feature2/", "Feature3/"])
        self.assertEqual(self.crumbs(), ["Modules", "Module0", "Features/", "Area0/"])
        self.click_node_named("Feature2/")
        # The folder's types are the files under it, as seams scan places them, with their neighbours.
        own = {n["id"] for n in module0 if "/Features/Area0/Feature2/" in n["file"]}
        self.assertGreater(len(own), 0)
        neighbours = {e["to"] for e in graph["edges"] if e["from"] in own} | {
            e["from"] for e in graph["edges"] if e["to"] in own
        }
        self.assertEqual(self.drawn(), own | neighbours)
        self.assertEqual(self.crumbs(), ["Modules", "Module0", "Features/", "Area0/", "Feature2/"])
        self.driver.save_screenshot(os.path.join(SHOTS, "big-folder-types.png"))
        self.driver.find_element(By.LINK_TEXT, "Area0/").click()
        self.assertEqual(self.folder_titles(), ["Feature0/", "Feature1/", "Feature2/", "Feature3/"])
        self.driver.find_element(By.LINK_TEXT, "Module0").click()
        self.assertEqual(self.view(), "module:0")

    def test_search_reaches_a_deep_folder_in_one_step(self):
        root = big_tree()
        self.open(page("big", "graph", root), "big-search")
        self.search("Feature3")
        self.assertTrue(self.view().startswith("folder:"))
        self.assertEqual(self.crumbs()[-1], "Feature3/")
        self.assertEqual(self.js("return document.getElementById('details').dataset.kind"), "folder")

    def test_a_folder_view_has_a_matrix_of_its_folders(self):
        root = big_tree()
        self.open(page("big", "graph", root), "big-folder-matrix")
        self.click_node_named("Module0")
        self.click_node_named("Features/")
        self.click_node_named("Area0/")
        self.driver.find_element(By.ID, "tab-matrix").click()
        rows = self.js("return [...document.querySelectorAll('#dsm tr th.name')].slice(1).map(t => t.textContent)")
        self.assertEqual(sorted(rows), ["Feature0/", "Feature1/", "Feature2/", "Feature3/"])
        cells = self.driver.find_elements(By.CSS_SELECTOR, "#dsm td[data-row]")
        self.assertGreater(len(cells), 0)
        cells[0].click()
        self.assertEqual(self.js("return document.getElementById('details').dataset.kind"), "fedge")
        listed = self.js("return document.querySelectorAll('#type-edges li').length")
        self.assertGreater(listed, 0)
        self.driver.save_screenshot(os.path.join(SHOTS, "big-folder-matrix.png"))
        self.driver.find_element(By.ID, "tab-map").click()

    def test_the_details_panel_lists_the_sites_of_an_edge(self):
        graph = scan("Samples/Stage0-Legacy")
        self.open(page("stage0", "graph", "Samples/Stage0-Legacy"), "stage0-edge")
        edge = max(graph["edges"], key=lambda e: (e["count"], e["from"], e["to"]))
        self.click_svg(self.edge_id(edge["from"], edge["to"]))
        sites = self.js("return [...document.querySelectorAll('#sites li code')].map(c => c.textContent)")
        self.assertEqual(sites, ["%s:%d:%d" % (s["file"], s["line"], s["column"]) for s in edge["sites"]])
        kinds = self.js("return [...document.querySelectorAll('#sites li .kind')].map(c => c.textContent)")
        self.assertEqual(kinds, [s["kind"] for s in edge["sites"]])
        self.driver.save_screenshot(os.path.join(SHOTS, "stage0-edge.png"))

    def test_the_matrix_cells_open_their_edge(self):
        graph = scan("Samples/Stage0-Legacy")
        self.open(page("stage0", "graph", "Samples/Stage0-Legacy"), "stage0-matrix")
        self.driver.find_element(By.ID, "tab-matrix").click()
        cells = self.driver.find_elements(By.CSS_SELECTOR, "#dsm td[data-row]")
        hard = [e for e in graph["edges"] if not e["soft"]]
        self.assertEqual(len(cells), len(hard), "one cell per edge among scanned types")
        cells[0].click()
        self.assertEqual(self.js("return document.getElementById('details').dataset.kind"), "edge")
        self.driver.save_screenshot(os.path.join(SHOTS, "stage0-matrix.png"))

    def test_the_diff_page_lists_exactly_the_diffs_changes(self):
        diff = json.loads(seams("diff", "Samples/Stage0-Legacy", "Samples/Stage1-Seams", "--format", "json"))
        self.open(page("diff01", "diff", "Samples/Stage0-Legacy", "Samples/Stage1-Seams"), "diff01")
        self.assertEqual(self.view(), "changes")
        for change, key in [("added", "addedEdges"), ("removed", "removedEdges"), ("changed", "changedEdges")]:
            listed = self.js(
                "return [...document.querySelectorAll('ul.change-list[data-change=\"' + arguments[0] + '\"] li')].map(li => li.textContent)",
                change,
            )
            expected = sorted("%s → %s" % (e["from"], e["to"]) for e in diff[key])
            self.assertEqual(sorted(listed), expected, change)
        self.driver.find_element(By.ID, "changed-only").click()
        shown = self.js(
            "return [...document.querySelectorAll('#map g.edge')].filter(g => getComputedStyle(g).display !== 'none').length"
        )
        changed = len(diff["addedEdges"]) + len(diff["removedEdges"]) + len(diff["changedEdges"])
        self.assertEqual(shown, changed)
        self.driver.save_screenshot(os.path.join(SHOTS, "diff01-changed-only.png"))

    def test_a_large_diff_opens_on_its_changes_by_module(self):
        before, after = big_tree(), bigger_tree()
        diff = json.loads(seams("diff", before, after, "--format", "json"))
        modules = {n["id"]: n.get("module") for tree in (before, after) for n in scan(tree)["nodes"]}
        changes = [("added", e) for e in diff["addedEdges"]] + [("removed", e) for e in diff["removedEdges"]]
        changes += [("changed", e) for e in diff["changedEdges"]]
        ends = {end for _, e in changes for end in (e["from"], e["to"])}
        self.assertGreater(len(ends), 300, "too many ends to draw as types")
        # What the view should draw: per pair of modules, the changes between them by change;
        # per module, how many changed edges stay inside it.
        between, inside = {}, {}
        for change, e in changes:
            a, b = modules[e["from"]], modules[e["to"]]
            if a == b:
                inside[a] = inside.get(a, 0) + 1
            else:
                tally = between.setdefault((a, b), {"added": 0, "removed": 0, "changed": 0})
                tally[change] += 1
        self.open(page("diff-big", "diff", before, after), "diff-big-changes")
        self.assertEqual(self.view(), "changes")
        names = self.js(
            "return Object.fromEntries([...document.querySelectorAll('#map g.node')]"
            ".map(g => [g.querySelector('title').textContent, [...g.querySelectorAll('text')].map(t => t.textContent).join(' ')]))"
        )
        self.assertTrue(all(re.fullmatch(r"m[0-9]+", node) for node in names), "drawn as modules: %s" % names)
        drawn_inside = {}
        for label in names.values():
            match = re.fullmatch(r"(.+) \((\d+) changed inside\)", label)
            if match:
                drawn_inside[match.group(1)] = int(match.group(2))
        self.assertEqual(drawn_inside, inside)
        # Each drawn edge a<i> joins the modules its group names, with the counts as its label.
        groups = [v for v in page_data(self.path)["views"] if v["key"] == "changes"][0]["changeGroups"]
        data_modules = page_data(self.path)["modules"]
        edges = self.js(
            "return [...document.querySelectorAll('#map g.edge')].map(g => [g.id,"
            " [...g.querySelectorAll('text')].map(t => t.textContent).join(' ').trim()])"
        )
        drawn = {}
        for element, label in edges:
            group = groups[int(element[1:])]
            drawn[tuple(data_modules[m] if m >= 0 else None for m in (group["from"], group["to"]))] = label
        expected = {}
        for pair, tally in between.items():
            parts = [("+%d" % tally["added"]) if tally["added"] else None]
            parts.append(("\u2212%d" % tally["removed"]) if tally["removed"] else None)
            parts.append(("~%d" % tally["changed"]) if tally["changed"] else None)
            expected[pair] = " ".join(p for p in parts if p)
        self.assertEqual(drawn, expected)
        self.assertIn("drawn as their modules", self.js("return document.getElementById('status').textContent"))
        # Clicking one lists the changed edges it stands for, each with its change.
        element, _ = max(
            (e for e in edges if len(groups[int(e[0][1:])]["edges"]) <= 200),
            key=lambda e: (len(groups[int(e[0][1:])]["edges"]), e[0]),
        )
        group = groups[int(element[1:])]
        self.click_svg(element)
        self.assertEqual(self.js("return document.getElementById('details').dataset.kind"), "cedge")
        listed = self.js(
            "return [...document.querySelectorAll('#type-edges li[data-change]')].map(li => [li.dataset.change, li.querySelector('a').textContent])"
        )
        a, b = (data_modules[m] for m in (group["from"], group["to"]))
        expected_edges = sorted(
            [change, "%s → %s" % (e["from"], e["to"])]
            for change, e in changes
            if (modules[e["from"]], modules[e["to"]]) == (a, b)
        )
        self.assertGreater(len(expected_edges), 10)
        self.assertEqual(sorted(listed), expected_edges)
        self.driver.save_screenshot(os.path.join(SHOTS, "diff-big-module-pair.png"))
        # The side panel still lists every change, one by one.
        for change, key in [("added", "addedEdges"), ("removed", "removedEdges")]:
            listed = self.js(
                "return document.querySelectorAll('ul.change-list[data-change=\"' + arguments[0] + '\"] li').length", change
            )
            self.assertEqual(listed, len(diff[key]), change)
        self.driver.save_screenshot(os.path.join(SHOTS, "diff-big-changes.png"))

    def test_eighty_modules_are_drawn_in_colours_ten_units_apart(self):
        root = eighty_modules_tree()
        modules = {n["module"] for n in scan(root)["nodes"] if not n["external"]}
        self.assertEqual(len(modules), 80)
        self.open(page("eighty", "graph", root), "eighty-modules")
        self.assertEqual(self.view(), "modules")
        fills = self.js(
            "return Object.fromEntries([...document.querySelectorAll('#map g.node')].filter(g => /^m[0-9]+$/.test(g.id))"
            ".map(g => [[...g.querySelectorAll('text')].map(t => t.textContent).join(' '),"
            " g.querySelector('polygon, path, ellipse').getAttribute('fill')]))"
        )
        self.assertEqual(set(fills), modules, "every module drawn once")
        colours = sorted(set(fills.values()))
        self.assertEqual(len(colours), 80, "a colour of its own each")
        closest = min(
            (math.dist(lab(a), lab(b)), a, b) for i, a in enumerate(colours) for b in colours[i + 1 :]
        )
        self.assertGreaterEqual(closest[0], 10, "CIE76 distance of the closest pair: %s" % (closest,))
        self.driver.save_screenshot(os.path.join(SHOTS, "eighty-modules.png"))

    def test_names_with_quotes_angle_brackets_ampersands_and_accents(self):
        root = weird_tree()
        graph = scan(root)
        path = page("weird", "graph", root)
        self.open(path, "weird")
        labels = set(self.js("return [...document.querySelectorAll('#map g.node text')].map(t => t.textContent)"))
        for name in ["Café", "Bücher", '`Quote "x" <y> & z`', "Plain"]:
            self.assertIn(name, labels)
        scripts = self.js("return [...document.querySelectorAll('script')].map(s => [s.type, s.id])")
        self.assertEqual([s for s in scripts if s[0] not in ("application/json", "image/svg+xml")], [["", ""]], "nothing injected")
        self.search("café")
        self.assertEqual(self.js("return document.body.dataset.focus"), WEIRD_MODULE + ".Café")
        self.assertIn(WEIRD_MODULE, self.driver.find_element(By.ID, "details").text)
        self.driver.find_element(By.LINK_TEXT, "Modules").click()
        self.assertEqual(self.drawn(), {n["module"] for n in graph["nodes"] if not n["external"]})
        self.driver.save_screenshot(os.path.join(SHOTS, "weird-modules.png"))


if __name__ == "__main__":
    if not os.access(SEAMS, os.X_OK):
        sys.exit(f"test_explorer: {SEAMS} not found; run 'swift build' first")
    program = unittest.main(exit=False, verbosity=2 if "-v" in sys.argv else 1)
    print(f"test_explorer: screenshots in {SHOTS}")
    sys.exit(0 if program.result.wasSuccessful() else 1)
