/* altay view: the generic drawing, for a game that draws nothing of its own. The frame (the
 * game's observation, or its full state for all eyes) is shown as a tree: objects and arrays
 * fold and unfold (children are built only when unfolded), what changed since the step before
 * is marked, and what is unfolded stays unfolded from step to step. Same interface as a game's
 * drawing: draw(root, statics, frame, ctx). */
(function () {
  "use strict";
  const opened = new Set(); // paths the reader unfolded
  const closed = new Set(); // paths unfolded by default that the reader folded
  const MAX_ITEMS = 300; // children shown per node before "... more"

  function text(tag, cls, content) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (content !== undefined) e.textContent = content;
    return e;
  }

  function same(a, b) {
    if (a === b) return true;
    if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
    return JSON.stringify(a) === JSON.stringify(b);
  }

  function preview(value) {
    if (Array.isArray(value)) return "[" + value.length + (value.length === 1 ? " item]" : " items]");
    const n = Object.keys(value).length;
    return "{" + n + (n === 1 ? " key}" : " keys}");
  }

  function leafText(value) {
    return typeof value === "string" ? JSON.stringify(value) : String(value);
  }

  function isOpen(path, depth, value) {
    if (opened.has(path)) return true;
    if (closed.has(path)) return false;
    const size = Array.isArray(value) ? value.length : Object.keys(value).length;
    return depth === 0 || (depth === 1 && size <= 8);
  }

  function node(path, key, value, prev, hasPrev, depth) {
    const changed = hasPrev && !same(value, prev);
    if (value !== null && typeof value === "object") {
      const box = document.createElement("details");
      box.className = "tree-node" + (changed ? " changed" : "");
      box.dataset.path = path;
      const summary = document.createElement("summary");
      if (key !== null) summary.appendChild(text("span", "tree-key", key));
      summary.appendChild(text("span", "tree-preview", preview(value)));
      box.appendChild(summary);
      let filled = false;
      const fill = () => {
        if (filled) return;
        filled = true;
        const list = document.createElement("div");
        list.className = "tree-children";
        const keys = Object.keys(value);
        const prevObj = hasPrev && prev !== null && typeof prev === "object" ? prev : null;
        keys.slice(0, MAX_ITEMS).forEach((k) => {
          const label = Array.isArray(value) ? "[" + k + "]" : k;
          const before = prevObj !== null ? prevObj[k] : undefined;
          list.appendChild(node(path + "/" + k, label, value[k], before, hasPrev, depth + 1));
        });
        if (keys.length > MAX_ITEMS) list.appendChild(text("div", "tree-more", "... " + (keys.length - MAX_ITEMS) + " more"));
        box.appendChild(list);
      };
      if (isOpen(path, depth, value)) {
        box.open = true;
        fill();
      }
      box.addEventListener("toggle", () => {
        if (box.open) {
          opened.add(path);
          closed.delete(path);
          fill();
        } else {
          opened.delete(path);
          closed.add(path);
        }
      });
      return box;
    }
    const leaf = text("div", "tree-leaf" + (changed ? " changed" : ""));
    leaf.dataset.path = path;
    if (key !== null) leaf.appendChild(text("span", "tree-key", key));
    leaf.appendChild(text("span", "tree-value tree-" + (value === null ? "null" : typeof value), leafText(value)));
    return leaf;
  }

  function draw(root, statics, frame, ctx) {
    root.classList.add("tree");
    if (frame === null || frame === undefined) {
      root.appendChild(text("p", "tree-empty", "Nothing of the game's state may be shown through these eyes."));
      return;
    }
    const hasPrev = ctx.previous !== undefined && ctx.previous !== null;
    root.appendChild(node("", null, frame, hasPrev ? ctx.previous : undefined, hasPrev, 0));
  }

  window.altayGeneric = { draw: draw };
})();
