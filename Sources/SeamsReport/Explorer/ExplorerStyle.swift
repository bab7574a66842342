/// The explorer page's style sheet. Edges and nodes inherit the drawing's default stroke from
/// their groups: `ExplorerPage.compact` takes it off every element.
enum ExplorerStyle {
    static let css = """
        * { box-sizing: border-box; }
        html, body { margin: 0; height: 100%; }
        body { font: 13px/1.4 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; color: #222; display: flex; flex-direction: column; }
        header { display: flex; flex-wrap: wrap; align-items: center; gap: 6px 14px; padding: 6px 10px; border-bottom: 1px solid #ddd; background: #fafafa; }
        h1 { font-size: 14px; margin: 0; font-weight: 600; }
        h2 { font-size: 13px; margin: 10px 0 4px; }
        #crumbs a { color: #1f5fbf; cursor: pointer; text-decoration: underline; }
        #crumbs span.sep { color: #999; margin: 0 4px; }
        #searchbox { position: relative; }
        #search { width: 300px; padding: 3px 6px; }
        #suggestions { position: absolute; z-index: 10; top: 100%; left: 0; width: 420px; max-height: 360px; overflow: auto; margin: 2px 0 0; padding: 0; list-style: none; background: #fff; border: 1px solid #bbb; box-shadow: 0 2px 6px rgba(0,0,0,.15); }
        #suggestions li { padding: 3px 8px; cursor: pointer; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
        #suggestions li.active, #suggestions li:hover { background: #e8f0fe; }
        #suggestions .where { color: #777; margin-left: 6px; font-size: 12px; }
        #controls { display: flex; align-items: center; gap: 8px; }
        main { flex: 1; display: flex; min-height: 0; }
        #stage { flex: 1; display: flex; flex-direction: column; min-width: 0; }
        #tabs { border-bottom: 1px solid #ddd; padding: 4px 8px 0; }
        #tabs button { border: 1px solid #ccc; border-bottom: none; background: #f2f2f2; padding: 3px 10px; cursor: pointer; }
        #tabs button.on { background: #fff; font-weight: 600; }
        #status { margin-left: 12px; color: #666; font-size: 12px; }
        #map, #matrix { flex: 1; overflow: auto; background: #fff; }
        #map svg { display: block; }
        #map svg text { font-family: Helvetica, Arial, sans-serif; text-anchor: middle; stroke: none; }
        #map g.edge { fill: \(DOTEncoder.edgeColor); stroke: \(DOTEncoder.edgeColor); stroke-width: 0.8; }
        #map g.node { stroke: \(DOTEncoder.nodeOutline); stroke-width: 0.8; }
        #map g.node, #map g.edge, #map g.cluster { cursor: pointer; }
        #map g.edge path.hit { stroke: transparent; stroke-width: 9px; fill: none; pointer-events: stroke; }
        #map .dim { opacity: 0.12; }
        #map .hidden { display: none; }
        #map g.node.focus > polygon, #map g.node.focus > ellipse, #map g.node.focus > path { stroke: #111; stroke-width: 4px; }
        #map g.node.focus text { font-weight: bold; }
        #map g.node.selected > polygon, #map g.node.selected > ellipse, #map g.node.selected > path { stroke: #1f5fbf; stroke-width: 3px; }
        #map g.edge.selected > path { stroke: #1f5fbf; stroke-width: 3.5px; }
        #map g.edge.selected > polygon { stroke: #1f5fbf; fill: #1f5fbf; }
        #map.changed-only g.edge:not(.changed) { display: none; }
        #map.changed-only g.node:not(.changed-end) { opacity: 0.12; }
        #side { width: 380px; border-left: 1px solid #ddd; overflow: auto; padding: 0 10px 20px; background: #fcfcfc; }
        #side ul { margin: 2px 0; padding-left: 18px; }
        #side li { margin: 1px 0; }
        #side a { color: #1f5fbf; cursor: pointer; }
        .hint { color: #666; }
        dl { display: grid; grid-template-columns: max-content 1fr; gap: 1px 10px; margin: 4px 0; }
        dt { color: #666; }
        dd { margin: 0; word-break: break-all; }
        ol.sites { font: 12px/1.35 ui-monospace, Menlo, Consolas, monospace; padding-left: 26px; }
        ol.sites .kind { color: #888; }
        button.copy { font-size: 11px; margin-left: 6px; }
        .swatch { display: inline-block; width: 18px; height: 10px; border: 1px solid #555; margin-right: 6px; vertical-align: middle; }
        .line { display: inline-block; width: 22px; height: 0; border-top: 3px solid; margin-right: 6px; vertical-align: middle; }
        .line.dashed { border-top-style: dashed; }
        .tag { display: inline-block; padding: 0 5px; border-radius: 3px; font-size: 11px; background: #eee; margin-left: 4px; }
        .tag.red { background: #fde2e2; color: #a01010; }
        .tag.blue { background: #e2ecfd; color: #173e8c; }
        .tag.green { background: #e0f4e0; color: #1d6b1d; }
        .tag.orange { background: #fdebd3; color: #8a4b00; }
        table.dsm { border-collapse: collapse; font: 11px/1.2 ui-monospace, Menlo, Consolas, monospace; margin: 8px; }
        table.dsm td, table.dsm th { border: 1px solid #e3e3e3; min-width: 20px; height: 18px; text-align: center; padding: 0 2px; }
        table.dsm th.name { text-align: left; white-space: nowrap; max-width: 260px; overflow: hidden; text-overflow: ellipsis; font-weight: normal; }
        table.dsm td.diag { background: #444; }
        table.dsm td.dep { background: #dfe9f7; cursor: pointer; }
        table.dsm td.up { background: #fbd3d3; cursor: pointer; }
        table.dsm td.cut { background: #c9d9f5; outline: 2px solid #1f5fbf; }
        table.dsm td.block { box-shadow: inset 0 0 0 1px #d62728; }
        table.dsm td.selected { outline: 2px solid #111; }
        kbd { border: 1px solid #bbb; border-radius: 3px; padding: 0 3px; font-size: 11px; background: #fff; }

        """
}
