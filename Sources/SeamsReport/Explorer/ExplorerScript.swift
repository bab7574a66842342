/// The explorer page's script: plain DOM code, no framework. Every name from the scanned code
/// reaches the page through `textContent` or an attribute, never as markup.
enum ExplorerScript {
    static let js = #"""
        (async function () {
        'use strict';
        // What the page embeds, as text: a packed script (gzip, then base64) inflated first.
        async function unpack(script) {
          if (script.dataset.packing !== 'gzip') return script.textContent;
          let bytes;
          if (Uint8Array.fromBase64) bytes = Uint8Array.fromBase64(script.textContent);
          else {
            const binary = atob(script.textContent);
            bytes = new Uint8Array(binary.length);
            for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
          }
          return new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'))).text();
        }
        const D = JSON.parse(await unpack(document.getElementById('seams-data')));
        const drawings = await Promise.all(D.views.map((_, i) => unpack(document.getElementById('view-' + i))));
        const $ = (id) => document.getElementById(id);
        const views = new Map(D.views.map((v) => [v.key, v]));
        const outEdges = D.nodes.map(() => []);
        const inEdges = D.nodes.map(() => []);
        D.edges.forEach((e, i) => { outEdges[e.from].push(i); inEdges[e.to].push(i); });
        const moduleTypes = D.modules.map(() => 0);
        D.nodes.forEach((n) => { if (n.module >= 0 && !n.external) moduleTypes[n.module] += 1; });
        const S = { view: null, inView: null, edgeInView: null, nodeEls: new Map(), edgeEls: new Map(), focus: null,
          selected: null, zoom: 1, tab: 'map', highlight: null, active: -1, matches: [] };

        function el(tag, attrs, ...kids) {
          const e = document.createElement(tag);
          for (const [k, v] of Object.entries(attrs || {})) {
            if (k === 'class') e.className = v;
            else if (k === 'onclick') e.addEventListener('click', v);
            else e.setAttribute(k, v);
          }
          for (const kid of kids) {
            if (kid === null || kid === undefined || kid === false) continue;
            e.append(kid instanceof Node ? kid : document.createTextNode(String(kid)));
          }
          return e;
        }
        const link = (text, action) => el('a', { onclick: (ev) => { ev.preventDefault(); action(); } }, text);
        const plural = (n, word) => n + ' ' + word + (n === 1 ? '' : 's');
        const moduleName = (m) => (m >= 0 ? D.modules[m] : '');
        const nodeLabel = (i) => D.nodes[i].id;
        // The prefixes of the drawings' ids: a node and an edge of each level.
        const prefixes = { modules: ['m', 'k'], folders: ['f', 'g'], types: ['n', 'e'] };
        const idOf = (id, prefix) => (id[0] === prefix && /^[0-9]+$/.test(id.slice(1)) ? Number(id.slice(1)) : null);
        const folderName = (f) => D.folders[f].name;
        const selectedKind = { modules: 'module', folders: 'folder', types: 'node' };
        const siteText = (s) => D.files[s[0]] + ':' + s[1] + ':' + s[2];

        // ---- views -------------------------------------------------------------------------
        function show(key) {
          const v = views.get(key);
          if (!v) return;
          S.view = v;
          S.focus = null; S.selected = null; S.highlight = null;
          S.inView = new Set(v.nodes);
          S.edgeInView = new Set(v.edges);
          const source = drawings[D.views.indexOf(v)];
          const parsed = new DOMParser().parseFromString(source, 'image/svg+xml');
          const svg = document.importNode(parsed.documentElement, true);
          $('map').replaceChildren(svg);
          S.nodeEls = new Map(); S.edgeEls = new Map(); S.clusterEls = new Map();
          const [nodePrefix, edgePrefix] = prefixes[v.level];
          for (const g of svg.querySelectorAll('g.node')) {
            const i = idOf(g.id, nodePrefix);
            if (i !== null) S.nodeEls.set(i, g);
          }
          for (const g of svg.querySelectorAll('g.edge')) {
            const i = idOf(g.id, edgePrefix);
            // A diff's changes drawn by module (a<i>) are clicked too, but are not the page's edges.
            if (i === null && !(v.changeGroups && /^a[0-9]+$/.test(g.id))) continue;
            if (i !== null) S.edgeEls.set(i, g);
            const path = g.querySelector('path');
            if (path) { const hit = path.cloneNode(false); hit.setAttribute('class', 'hit'); g.append(hit); }
          }
          for (const g of svg.querySelectorAll('g.cluster')) {
            if (g.id.startsWith('c')) S.clusterEls.set(Number(g.id.slice(1)), g);
          }
          markChanges();
          const w = parseFloat(svg.getAttribute('width')), h = parseFloat(svg.getAttribute('height'));
          S.size = { w: w || 100, h: h || 100 };
          fit();
          crumbs();
          $('status').textContent = (v.nodes.length || !v.note
            ? plural(v.nodes.length, { modules: 'module', folders: 'folder', types: 'type' }[v.level]) + ', ' + plural(v.edges.length, 'edge') + (v.note ? '; ' : '')
            : '') + (v.note || '');
          sidePanels();
          if (S.tab === 'matrix') matrix();
          details(null);
          document.body.dataset.view = key;
          try { if (location.hash !== '#' + encodeURIComponent(key)) history.replaceState(null, '', '#' + encodeURIComponent(key)); } catch (e) { /* a page opened from disk may refuse it */ }
        }

        function crumbs() {
          const c = $('crumbs');
          c.replaceChildren();
          const v = S.view;
          const add = (text, key) => {
            if (c.childNodes.length) c.append(el('span', { class: 'sep' }, '›'));
            c.append(key && key !== v.key ? link(text, () => show(key)) : el('b', {}, text));
          };
          add('Modules', 'modules');
          if (views.has('changes') && (v.key === 'changes' || D.page === 'diff')) add('Changes', 'changes');
          if (views.has('all')) add('All types', 'all');
          if (v.module >= 0) add(D.modules[v.module], 'module:' + v.module);
          const chain = [];
          for (let f = v.folder; f >= 0; f = D.folders[f].parent) chain.unshift(f);
          for (const f of chain) add(folderName(f), 'folder:' + f);
        }

        function openNode(i) {
          const n = D.nodes[i];
          let key = null;
          const home = n.folder >= 0 ? views.get('folder:' + n.folder) : views.get('module:' + n.module);
          if (S.inView && S.inView.has(i) && S.view.level === 'types') key = S.view.key;
          else if (!n.external && home && home.level === 'types' && home.nodes.includes(i)) key = home.key;
          else if (views.has('all')) key = 'all';
          else { for (const v of D.views) if (v.level === 'types' && v.nodes.includes(i)) { key = v.key; break; } }
          if (!key) return;
          if (S.view.key !== key) show(key);
          focus(i);
        }

        function openModule(m) { if (views.has('module:' + m)) show('module:' + m); details({ kind: 'module', i: m }); }
        function openFolder(f) { if (views.has('folder:' + f)) show('folder:' + f); details({ kind: 'folder', i: f }); }

        // ---- focus -------------------------------------------------------------------------
        function focus(i) {
          if (S.view.level !== 'types' || !S.inView.has(i)) return;
          S.focus = i; S.highlight = null;
          S.selected = { kind: 'node', i: i };
          paint();
          details(S.selected);
          const g = S.nodeEls.get(i);
          if (S.zoom < 0.7) zoom(1);
          if (g && g.scrollIntoView) g.scrollIntoView({ block: 'center', inline: 'center' });
        }

        function kept() {
          const depth = Number($('depth').value);
          const dir = $('direction').value;
          const star = $('star').checked;
          const nodes = new Set([S.focus]);
          const edges = new Set();
          let frontier = [S.focus];
          for (let d = 0; d < (star ? 1 : depth); d++) {
            const next = [];
            for (const n of frontier) {
              const around = [];
              if (dir !== 'in') for (const e of outEdges[n]) around.push([e, D.edges[e].to]);
              if (dir !== 'out') for (const e of inEdges[n]) around.push([e, D.edges[e].from]);
              for (const [e, m] of around) {
                if (!S.edgeInView.has(e) || !S.inView.has(m)) continue;
                if (star) edges.add(e);
                if (!nodes.has(m)) { nodes.add(m); next.push(m); }
              }
            }
            frontier = next;
          }
          if (!star) for (const e of S.view.edges) if (nodes.has(D.edges[e].from) && nodes.has(D.edges[e].to)) edges.add(e);
          return { nodes, edges, star };
        }

        function paint() {
          let keepNodes = null, keepEdges = null, star = false;
          if (S.focus !== null) ({ nodes: keepNodes, edges: keepEdges, star } = kept());
          else if (S.highlight) { keepNodes = S.highlight.nodes; keepEdges = S.highlight.edges; }
          for (const [i, g] of S.nodeEls) {
            g.classList.toggle('dim', keepNodes !== null && !keepNodes.has(i));
            g.classList.toggle('focus', S.focus === i);
            g.classList.toggle('selected', !!S.selected && S.selected.kind === selectedKind[S.view.level] && S.selected.i === i && S.focus !== i);
          }
          for (const [i, g] of S.edgeEls) {
            const out = keepEdges !== null && !keepEdges.has(i);
            g.classList.toggle('hidden', out && star);
            g.classList.toggle('dim', out && !star);
            g.classList.toggle('selected', !!S.selected && ['edge', 'medge', 'fedge'].includes(S.selected.kind) && S.selected.i === i);
          }
          for (const g of S.clusterEls.values()) g.classList.toggle('dim', keepNodes !== null);
          document.body.dataset.focus = S.focus === null ? '' : D.nodes[S.focus].id;
        }

        function clearFocus() {
          S.focus = null; S.selected = null; S.highlight = null;
          paint();
          details(null);
          if (S.tab === 'matrix') matrix();
        }

        function highlight(nodes, edges) {
          S.focus = null; S.highlight = { nodes: new Set(nodes), edges: new Set(edges) };
          paint();
        }

        // ---- clicks on the map ---------------------------------------------------------------
        $('map').addEventListener('click', (ev) => {
          const g = ev.target.closest('g.node, g.edge, g.cluster');
          if (!g || !S.view) { clearFocus(); return; }
          const i = Number(g.id.slice(1));
          if (!/^[a-z][0-9]+$/.test(g.id)) return;
          if (g.classList.contains('node')) {
            // A module or folder drawn in a types view stands for the neighbours it holds: open it.
            if (g.id[0] === 'm') openModule(i);
            else if (g.id[0] === 'f') openFolder(i);
            else if (g.id[0] === 'n') focus(i);
          } else if (g.classList.contains('edge')) {
            // a<i>: a diff's changes between two modules, or a place's edges to a group of neighbours.
            const kind = { k: 'medge', g: 'fedge', e: 'edge', a: S.view.changeGroups ? 'cedge' : null }[g.id[0]];
            if (kind) select({ kind: kind, i: i });
          } else if (g.classList.contains('cluster') && g.id[0] === 'c') {
            if (views.has('module:' + i) && S.view.key !== 'module:' + i) openModule(i);
          }
        });

        function select(what) {
          S.selected = what;
          paint();
          details(what);
        }

        // ---- details -------------------------------------------------------------------------
        function copyButton(text) {
          return el('button', { class: 'copy', onclick: () => copy(text) }, 'copy');
        }
        function copy(text) {
          const fallback = () => {
            const t = el('textarea', {}, text);
            document.body.append(t); t.select();
            try { document.execCommand('copy'); } catch (e) { /* nothing to copy to */ }
            t.remove();
          };
          if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(text).catch(fallback);
          else fallback();
        }

        function details(what) {
          const box = $('details');
          box.replaceChildren(el('h2', {}, 'Details'));
          if (!what) {
            box.append(el('p', { class: 'hint' }, 'Click a type, a module or an edge. ',
              el('kbd', {}, '/'), ' searches, ', el('kbd', {}, 'Esc'), ' clears the focus.'));
            return;
          }
          if (what.kind === 'node') nodeDetails(box, what.i);
          else if (what.kind === 'edge') edgeDetails(box, what.i);
          else if (what.kind === 'module') moduleDetails(box, what.i);
          else if (what.kind === 'medge') moduleEdgeDetails(box, what.i);
          else if (what.kind === 'folder') folderDetails(box, what.i);
          else if (what.kind === 'fedge') folderEdgeDetails(box, what.i);
          else if (what.kind === 'cedge') changeGroupDetails(box, what.i);
          box.dataset.kind = what.kind;
        }

        function nodeDetails(box, i) {
          const n = D.nodes[i];
          box.append(el('h3', { class: 'name' }, n.name));
          const dl = el('dl', {},
            el('dt', {}, 'id'), el('dd', {}, n.id),
            el('dt', {}, 'kind'), el('dd', {}, n.kind),
            el('dt', {}, 'module'), el('dd', {}, n.module >= 0 ? link(moduleName(n.module), () => openModule(n.module)) : '—'),
            el('dt', {}, 'folder'), el('dd', {}, n.folder >= 0 ? link(D.folders[n.folder].path || folderName(n.folder), () => openFolder(n.folder)) : '—'),
            el('dt', {}, 'file'), el('dd', {}, n.file >= 0 ? D.files[n.file] + (n.line ? ':' + n.line : '') : '—'),
            el('dt', {}, 'fan-in'), el('dd', { id: 'fan-in' }, String(n.fanIn)),
            el('dt', {}, 'fan-out'), el('dd', { id: 'fan-out' }, String(n.fanOut)),
            el('dt', {}, 'cycle'), el('dd', { id: 'on-cycle' }, n.cycle >= 0
              ? link('on a cycle of ' + plural(D.cycles[n.cycle].length, 'type'), () => showCycle(n.cycle)) : 'on no cycle'));
          if (n.change) dl.append(el('dt', {}, 'change'), el('dd', {}, n.change));
          box.append(dl);
          if (n.testability) {
            const t = n.testability;
            box.append(el('h2', {}, 'Testability'), el('p', {}, t.cost === 0 ? 'testable in isolation' : 'cost ' + t.cost + ': ' + t.summary));
            if (t.blockers.length) {
              const ol = el('ol', { class: 'sites' });
              for (const b of t.blockers) ol.append(el('li', {}, b[0] + ' ', el('span', { class: 'kind' }, b[1]), ' ' + b[2]));
              box.append(ol);
              if (t.more) box.append(el('p', { class: 'hint' }, '… and ' + t.more + ' more (seams testability --type ' + n.id + ')'));
            }
          }
          const list = (title, edges, other) => {
            box.append(el('h2', {}, title + ' (' + edges.length + ')'));
            const ul = el('ul', { class: 'neighbours' });
            for (const e of edges.slice(0, 200)) {
              const d = D.edges[e];
              ul.append(el('li', {}, link(nodeLabel(other(d)), () => openNode(other(d))), ' ',
                link('(' + plural(d.count, 'site') + ')', () => openEdge(e))));
            }
            if (edges.length > 200) ul.append(el('li', {}, '… and ' + (edges.length - 200) + ' more'));
            box.append(ul);
          };
          list('Depends on', outEdges[i], (d) => d.to);
          list('Used by', inEdges[i], (d) => d.from);
        }

        function openEdge(e) {
          const d = D.edges[e];
          if (!(S.view.level === 'types' && S.edgeInView.has(e))) {
            const m = D.nodes[d.from].module, f = D.nodes[d.from].folder;
            const holds = (key) => views.has(key) && views.get(key).level === 'types' && views.get(key).edges.includes(e);
            if (f >= 0 && holds('folder:' + f)) show('folder:' + f);
            else if (m >= 0 && holds('module:' + m)) show('module:' + m);
            else if (views.has('changes') && views.get('changes').edges.includes(e)) show('changes');
            else if (views.has('all')) show('all');
          }
          select({ kind: 'edge', i: e });
        }

        function edgeDetails(box, i) {
          const e = D.edges[i];
          box.append(el('h3', { class: 'name' }, nodeLabel(e.from) + ' → ' + nodeLabel(e.to)));
          const dl = el('dl', {},
            el('dt', {}, 'from'), el('dd', {}, link(nodeLabel(e.from), () => openNode(e.from))),
            el('dt', {}, 'to'), el('dd', {}, link(nodeLabel(e.to), () => openNode(e.to))),
            el('dt', {}, 'sites'), el('dd', {}, String(e.count)),
            el('dt', {}, 'kinds'), el('dd', {}, e.kinds.join(', ')));
          if (e.cyclic) dl.append(el('dt', {}, 'cycle'), el('dd', {}, el('span', { class: 'tag red' }, 'on a cycle')));
          if (e.cut) dl.append(el('dt', {}, 'cut'), el('dd', {}, el('span', { class: 'tag blue' }, 'cut ' + e.cut)));
          if (e.soft) dl.append(el('dt', {}, 'soft'), el('dd', {}, 'notification or callback: no compiler sees it'));
          if (e.change) dl.append(el('dt', {}, 'change'), el('dd', {}, e.change + (e.before ? ' (before: ' + e.before.join(', ') + ')' : '')));
          box.append(dl);
          const lines = e.sites.map((s) => siteText(s) + ' ' + D.siteKinds[s[3]] + (s[4] >= 0 ? ' in ' + D.members[s[4]] : ''));
          box.append(el('h2', {}, 'Reference sites ', copyButton(lines.join('\n'))));
          const ol = el('ol', { class: 'sites', id: 'sites' });
          for (const s of e.sites) {
            ol.append(el('li', {}, el('code', {}, siteText(s)), ' ', el('span', { class: 'kind' }, D.siteKinds[s[3]]),
              s[4] >= 0 ? ' in ' + D.members[s[4]] : ''));
          }
          box.append(ol);
        }

        function moduleDetails(box, m) {
          box.append(el('h3', { class: 'name' }, D.modules[m]));
          const out = D.moduleEdges.filter((e) => e.from === m), inc = D.moduleEdges.filter((e) => e.to === m);
          const cycle = D.moduleCycles.findIndex((c) => c.includes(m));
          box.append(el('dl', {},
            el('dt', {}, 'types'), el('dd', {}, String(moduleTypes[m])),
            el('dt', {}, 'uses'), el('dd', {}, plural(out.length, 'module')),
            el('dt', {}, 'used by'), el('dd', {}, plural(inc.length, 'module')),
            el('dt', {}, 'cycle'), el('dd', {}, cycle >= 0 ? 'on a cycle of ' + plural(D.moduleCycles[cycle].length, 'module') : 'on no cycle')));
          if (views.has('module:' + m) && S.view.key !== 'module:' + m) box.append(el('p', {}, link('Open it', () => openModule(m))));
          const list = (title, edges, other) => {
            box.append(el('h2', {}, title));
            const ul = el('ul', {});
            for (const e of edges) ul.append(el('li', {}, link(D.modules[other(e)], () => openModule(other(e))), ' (' + plural(e.count, 'site') + ')'));
            box.append(ul);
          };
          list('Uses', out, (e) => e.to);
          list('Used by', inc, (e) => e.from);
        }

        function moduleEdgeDetails(box, i) {
          const e = D.moduleEdges[i];
          box.append(el('h3', { class: 'name' }, D.modules[e.from] + ' → ' + D.modules[e.to]));
          box.append(el('dl', {}, el('dt', {}, 'sites'), el('dd', {}, String(e.count)),
            el('dt', {}, 'type edges'), el('dd', {}, String(e.edges.length)),
            el('dt', {}, 'cycle'), el('dd', {}, e.cyclic ? el('span', { class: 'tag red' }, 'on a cycle') : 'on no cycle')));
          box.append(el('h2', {}, 'Type edges'));
          const ul = el('ul', { id: 'type-edges' });
          for (const t of e.edges) {
            const d = D.edges[t];
            ul.append(el('li', {}, link(nodeLabel(d.from) + ' → ' + nodeLabel(d.to), () => openEdge(t)), ' (' + plural(d.count, 'site') + ')'));
          }
          box.append(ul);
        }

        function folderDetails(box, f) {
          const folder = D.folders[f];
          box.append(el('h3', { class: 'name' }, folder.name));
          box.append(el('dl', {},
            el('dt', {}, 'module'), el('dd', {}, link(D.modules[folder.module], () => openModule(folder.module))),
            el('dt', {}, 'path'), el('dd', {}, folder.path || '—'),
            el('dt', {}, 'types'), el('dd', {}, String(folder.types)),
            el('dt', {}, 'inside'), el('dd', {}, folder.parent >= 0 ? link(folderName(folder.parent), () => openFolder(folder.parent)) : D.modules[folder.module])));
          if (views.has('folder:' + f) && S.view.key !== 'folder:' + f) box.append(el('p', {}, link('Open it', () => openFolder(f))));
        }

        function folderEdgeDetails(box, i) {
          const e = D.folderEdges[i];
          box.append(el('h3', { class: 'name' }, folderName(e.from) + ' → ' + folderName(e.to)));
          box.append(el('dl', {}, el('dt', {}, 'sites'), el('dd', {}, String(e.count)),
            el('dt', {}, 'type edges'), el('dd', {}, String(e.edges.length)),
            el('dt', {}, 'cycle'), el('dd', {}, e.cyclic ? el('span', { class: 'tag red' }, 'on a cycle') : 'on no cycle')));
          box.append(el('h2', {}, 'Type edges'));
          typeEdges(box, e.edges, (d) => [{}, ' (' + plural(d.count, 'site') + ')']);
        }

        // The type edges a group edge stands for, the first 200 of them, each opening its edge;
        // `more(d)` gives each item's attributes and what follows the link.
        function typeEdges(box, edges, more) {
          const ul = el('ul', { id: 'type-edges' });
          for (const t of edges.slice(0, 200)) {
            const d = D.edges[t];
            const [attributes, after] = more(d);
            ul.append(el('li', attributes, link(nodeLabel(d.from) + ' → ' + nodeLabel(d.to), () => openEdge(t)), after));
          }
          if (edges.length > 200) ul.append(el('li', {}, '… and ' + (edges.length - 200) + ' more'));
          box.append(ul);
        }

        function changeGroupDetails(box, i) {
          const c = S.view.changeGroups[i];
          const name = (m) => m >= 0 ? D.modules[m] : 'external types';
          box.append(el('h3', { class: 'name' }, name(c.from) + ' → ' + name(c.to)));
          box.append(el('h2', {}, 'Changed edges (' + c.edges.length + ')'));
          typeEdges(box, c.edges, (d) => [{ 'data-change': d.change || 'changed' }, ' (' + (d.change || 'changed') + ')']);
        }

        // ---- side panels -----------------------------------------------------------------------
        function sidePanels() { hubs(); cycles(); legend(); changes(); }

        function hubs() {
          const box = $('hubs');
          box.replaceChildren(el('h2', {}, 'Hubs'));
          const list = (title, items, count) => {
            box.append(el('div', { class: 'hint' }, title));
            const ol = el('ol', { class: 'hub-list' });
            for (const i of items) ol.append(el('li', {}, link(D.nodes[i].id, () => openNode(i)), ' ', el('span', { class: 'tag' }, count(D.nodes[i]))));
            box.append(ol);
          };
          list('most depended on (fan-in)', D.hubsIn, (n) => String(n.fanIn));
          list('depending on the most (fan-out)', D.hubsOut, (n) => String(n.fanOut));
        }

        function showCycle(c) {
          const members = D.cycles[c];
          const first = members.find((m) => S.inView.has(m)) ?? members[0];
          if (!S.inView.has(first) || S.view.level !== 'types') openNode(first);
          const set = new Set(members);
          const edges = S.view.edges.filter((e) => set.has(D.edges[e].from) && set.has(D.edges[e].to) && D.edges[e].cyclic);
          highlight(members, edges);
        }

        function cycles() {
          const box = $('cycles');
          box.replaceChildren();
          const level = S.view.level;
          const list = level === 'modules' ? D.moduleCycles : level === 'folders' ? S.view.cycles : D.cycles.filter((c) => c.some((m) => S.inView.has(m)));
          box.append(el('h2', {}, { modules: 'Module cycles', folders: 'Folder cycles in this view', types: 'Type cycles in this view' }[level] + ' (' + list.length + ')'));
          const ol = el('ol', {});
          for (const c of list.slice(0, 50)) {
            const names = c.map((m) => (level === 'modules' ? D.modules[m] : level === 'folders' ? folderName(m) : D.nodes[m].name));
            const text = names.slice(0, 6).join(', ') + (names.length > 6 ? ', … (' + names.length + ')' : '');
            ol.append(el('li', {}, link(text, () => {
              const groupEdges = level === 'modules' ? D.moduleEdges : D.folderEdges;
              if (level !== 'types') highlight(c, S.view.edges.filter((e) => groupEdges[e].cyclic && c.includes(groupEdges[e].from) && c.includes(groupEdges[e].to)));
              else showCycle(D.cycles.indexOf(c));
            })));
          }
          box.append(ol);
          if (D.cuts.length) {
            box.append(el('h2', {}, 'Cut plan (' + D.cuts.length + ')'));
            const cuts = el('ol', { id: 'cut-list' });
            for (const [label, e] of D.cuts) {
              const d = D.edges[Number(e)];
              cuts.append(el('li', {}, el('span', { class: 'tag blue' }, label), ' ', link(nodeLabel(d.from) + ' → ' + nodeLabel(d.to), () => openEdge(Number(e)))));
            }
            box.append(cuts);
          }
        }

        function legend() {
          const box = $('legend');
          box.replaceChildren(el('h2', {}, 'Legend'));
          const ul = el('ul', { style: 'list-style:none;padding:0' });
          const shown = new Set();
          if (S.view.level === 'types') for (const i of S.view.nodes) if (D.nodes[i].module >= 0) shown.add(D.nodes[i].module);
          if (S.view.level === 'folders') shown.add(S.view.module);
          const tested = D.nodes.some((n) => n.testability);
          if (!tested) for (const m of [...shown].sort((a, b) => a - b)) ul.append(el('li', {}, el('span', { class: 'swatch', style: 'background:' + D.colors[m] }), D.modules[m]));
          if (tested) for (const [c, t] of D.legend.bands) ul.append(el('li', {}, el('span', { class: 'swatch', style: 'background:' + c }), t));
          const line = (c, t, dashed) => ul.append(el('li', {}, el('span', { class: 'line' + (dashed ? ' dashed' : ''), style: 'border-color:' + c }), t));
          const L = D.legend;
          if (D.page === 'diff') {
            line(L.added, 'added'); line(L.removed, 'removed', true); line(L.changed, 'other kinds');
            if (D.edges.some((e) => e.cyclic)) line(L.cycle, 'on a cycle after');
          }
          else { line(L.cycle, 'on a dependency cycle'); if (D.cuts.length) line(L.cut, 'cut, in plan order'); }
          line(L.edge, 'soft: notification, callback', true);
          box.append(ul);
        }

        function changes() {
          if (!D.diff) return;
          const box = $('changes');
          box.hidden = false;
          $('changed-only-label').hidden = false;
          box.replaceChildren(el('h2', {}, D.diff.before + ' → ' + D.diff.after));
          const list = (title, edges, cls) => {
            box.append(el('h2', {}, title + ' (' + edges.length + ')'));
            const ul = el('ul', { class: 'change-list', 'data-change': cls });
            for (const e of edges) {
              const d = D.edges[e];
              ul.append(el('li', {}, link(nodeLabel(d.from) + ' → ' + nodeLabel(d.to), () => openEdge(e))));
            }
            box.append(ul);
          };
          list('Added edges', D.diff.added, 'added');
          list('Removed edges', D.diff.removed, 'removed');
          list('Edges with other kinds', D.diff.changed, 'changed');
          if (D.diff.addedNodes.length || D.diff.removedNodes.length) {
            box.append(el('p', { class: 'hint' }, plural(D.diff.addedNodes.length, 'type') + ' added, ' + plural(D.diff.removedNodes.length, 'type') + ' removed'));
          }
        }

        function markChanges() {
          if (!D.diff || S.view.level !== 'types') return;
          for (const [i, g] of S.edgeEls) {
            const d = D.edges[i];
            if (!d.change) continue;
            g.classList.add('changed');
            for (const end of [d.from, d.to]) { const n = S.nodeEls.get(end); if (n) n.classList.add('changed-end'); }
          }
          for (const [i, g] of S.nodeEls) if (D.nodes[i].change) g.classList.add('changed-end');
        }

        // ---- matrix --------------------------------------------------------------------------
        function matrix() {
          const box = $('matrix');
          box.replaceChildren();
          const m = S.view.matrix;
          if (!m) { box.append(el('p', { class: 'hint', style: 'margin:12px' }, 'No matrix for this view: too many rows. Open a module or a folder.')); return; }
          const level = S.view.level;
          const name = (r) => (level === 'modules' ? D.modules[m.rows[r]] : level === 'folders' ? folderName(m.rows[r]) : D.nodes[m.rows[r]].id);
          box.append(el('p', { class: 'hint', style: 'margin:8px' }, 'A row uses the columns where it has a count; dependencies sit below the diagonal, red cells above it close a cycle, framed cells are inside a cycle, blue cells are cut.'));
          const grid = new Map(m.cells.map((c) => [c[0] * m.rows.length + c[1], c]));
          const inBlock = (r) => m.blocks.findIndex((b) => b[0] <= r && r <= b[1]);
          const table = el('table', { class: 'dsm', id: 'dsm' });
          const head = el('tr', {}, el('th', {}, '#'), el('th', { class: 'name' }, selectedKind[level] === 'node' ? 'type' : selectedKind[level]), el('th', {}, 'L'));
          m.rows.forEach((_, c) => head.append(el('th', {}, String(c + 1))));
          table.append(head);
          m.rows.forEach((row, r) => {
            const tr = el('tr', {}, el('th', {}, String(r + 1)), el('th', { class: 'name', title: name(r) }, name(r)), el('th', {}, String(m.levels[r])));
            const block = inBlock(r);
            m.rows.forEach((col, c) => {
              const cell = grid.get(r * m.rows.length + c);
              const td = el('td', {}, cell ? String(cell[2]) : '');
              if (r === c) td.className = 'diag';
              else if (cell) {
                td.className = (cell[3] ? 'cut' : c > r ? 'up' : 'dep') + (block >= 0 && inBlock(c) === block ? ' block' : '');
                td.dataset.row = String(row); td.dataset.column = String(col);
                td.addEventListener('click', () => matrixCell(row, col, td));
              } else if (block >= 0 && inBlock(c) === block) td.className = 'block';
              tr.append(td);
            });
            table.append(tr);
          });
          box.append(table);
        }

        function matrixCell(row, col, td) {
          for (const s of document.querySelectorAll('table.dsm td.selected')) s.classList.remove('selected');
          td.classList.add('selected');
          if (S.view.level === 'modules') {
            const i = D.moduleEdges.findIndex((e) => e.from === row && e.to === col);
            if (i >= 0) select({ kind: 'medge', i: i });
          } else if (S.view.level === 'folders') {
            const i = S.view.edges.find((k) => D.folderEdges[k].from === row && D.folderEdges[k].to === col);
            if (i !== undefined) select({ kind: 'fedge', i: i });
          } else {
            const i = outEdges[row].find((e) => D.edges[e].to === col);
            if (i !== undefined) select({ kind: 'edge', i: i });
          }
        }

        function setTab(tab) {
          S.tab = tab;
          $('tab-map').classList.toggle('on', tab === 'map');
          $('tab-matrix').classList.toggle('on', tab === 'matrix');
          $('map').hidden = tab !== 'map';
          $('matrix').hidden = tab !== 'matrix';
          if (tab === 'matrix') matrix();
        }
        $('tab-map').addEventListener('click', () => setTab('map'));
        $('tab-matrix').addEventListener('click', () => setTab('matrix'));

        // ---- search ----------------------------------------------------------------------------
        function search(text) {
          const q = text.trim().toLowerCase();
          const out = [];
          if (!q) return out;
          D.modules.forEach((m, i) => { if (m.toLowerCase().includes(q) && moduleTypes[i] > 0) out.push({ module: i, score: m.toLowerCase() === q ? 0 : m.toLowerCase().startsWith(q) ? 1 : 3 }); });
          D.folders.forEach((f, i) => {
            if (!f.path || !f.path.toLowerCase().includes(q) || (f.parent >= 0 && D.folders[f.parent].path === f.path)) return;
            const last = f.path.toLowerCase().split('/').pop();
            out.push({ folder: i, score: last === q ? 0.5 : last.startsWith(q) ? 1.5 : 3 });
          });
          D.nodes.forEach((n, i) => {
            const name = n.name.toLowerCase(), id = n.id.toLowerCase();
            if (!name.includes(q) && !id.includes(q)) return;
            out.push({ node: i, score: (name === q || id === q ? 0 : name.startsWith(q) ? 1 : 2) + (n.external ? 0.5 : 0) });
          });
          out.sort((a, b) => a.score - b.score || label(a).localeCompare(label(b)));
          return out.slice(0, 30);
        }
        const label = (m) => (m.node !== undefined ? D.nodes[m.node].id : m.folder !== undefined ? D.modules[D.folders[m.folder].module] + '/' + D.folders[m.folder].path : D.modules[m.module]);

        function suggest() {
          S.matches = search($('search').value);
          S.active = S.matches.length ? 0 : -1;
          const ul = $('suggestions');
          ul.replaceChildren();
          S.matches.forEach((m, k) => {
            const where = m.node !== undefined ? D.nodes[m.node].kind + (D.nodes[m.node].module >= 0 ? ' in ' + D.modules[D.nodes[m.node].module] : '')
              : m.folder !== undefined ? 'folder in ' + D.modules[D.folders[m.folder].module] + ', ' + plural(D.folders[m.folder].types, 'type')
              : 'module, ' + plural(moduleTypes[m.module], 'type');
            const li = el('li', { role: 'option' }, m.node !== undefined ? D.nodes[m.node].name : m.folder !== undefined ? D.folders[m.folder].path : D.modules[m.module], el('span', { class: 'where' }, where));
            li.addEventListener('mousedown', (ev) => { ev.preventDefault(); choose(k); });
            ul.append(li);
          });
          ul.hidden = S.matches.length === 0;
          activate(S.active);
        }
        function activate(k) {
          S.active = k;
          [...$('suggestions').children].forEach((li, j) => li.classList.toggle('active', j === k));
        }
        function choose(k) {
          const m = S.matches[k];
          $('suggestions').hidden = true;
          if (!m) return;
          $('search').value = label(m);
          $('search').blur();
          if (m.node !== undefined) openNode(m.node); else if (m.folder !== undefined) openFolder(m.folder); else openModule(m.module);
        }
        $('search').addEventListener('input', suggest);
        $('search').addEventListener('keydown', (ev) => {
          if (ev.key === 'ArrowDown') { ev.preventDefault(); activate(Math.min(S.matches.length - 1, S.active + 1)); }
          else if (ev.key === 'ArrowUp') { ev.preventDefault(); activate(Math.max(0, S.active - 1)); }
          else if (ev.key === 'Enter') { ev.preventDefault(); if (!S.matches.length) suggest(); choose(Math.max(0, S.active)); }
          else if (ev.key === 'Escape') { $('suggestions').hidden = true; $('search').blur(); clearFocus(); }
        });
        $('search').addEventListener('blur', () => { setTimeout(() => { $('suggestions').hidden = true; }, 150); });

        // ---- zoom and keys -------------------------------------------------------------------------
        function zoom(z) {
          S.zoom = Math.max(0.05, Math.min(4, z));
          const svg = $('map').querySelector('svg');
          if (!svg) return;
          svg.style.width = (S.size.w * S.zoom) + 'pt';
          svg.style.height = (S.size.h * S.zoom) + 'pt';
        }
        function fit() {
          const box = $('map');
          const w = box.clientWidth || 800, h = box.clientHeight || 600;
          zoom(Math.min(1, w / (S.size.w * 4 / 3), h / (S.size.h * 4 / 3)));
        }
        $('zoom-in').addEventListener('click', () => zoom(S.zoom * 1.25));
        $('zoom-out').addEventListener('click', () => zoom(S.zoom / 1.25));
        $('zoom-fit').addEventListener('click', fit);
        for (const id of ['depth', 'direction', 'star']) $(id).addEventListener('change', () => { if (S.focus !== null) paint(); });
        $('changed-only').addEventListener('change', () => $('map').classList.toggle('changed-only', $('changed-only').checked));

        document.addEventListener('keydown', (ev) => {
          const typing = ev.target instanceof HTMLInputElement || ev.target instanceof HTMLSelectElement;
          if (ev.key === '/' && !typing) { ev.preventDefault(); $('search').focus(); $('search').select(); }
          else if (ev.key === 'Escape') { $('suggestions').hidden = true; clearFocus(); }
          else if (!typing && (ev.key === '+' || ev.key === '=')) zoom(S.zoom * 1.25);
          else if (!typing && ev.key === '-') zoom(S.zoom / 1.25);
          else if (!typing && ev.key === '0') fit();
        });

        $('title').textContent = D.title;
        const asked = decodeURIComponent(location.hash.slice(1));
        show(views.has(asked) ? asked : D.start);
        document.body.dataset.ready = '1';
        // When the first view is drawn, for the benchmark: after the next frame is painted.
        requestAnimationFrame(() => setTimeout(() => { document.body.dataset.readyMs = String(Math.round(performance.now())); }, 0));
        })();

        """#
}
