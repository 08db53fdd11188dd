/* altay view: frames stored as keyframes and patches (altay_cli/web/frames.py writes them).
 * A patch is null (unchanged), [1, value] (replaced), [2, {key: op}] (an object changed key by
 * key; op [0] removes the key) or [3, n, {index: op}] (an array of length n changed by index).
 * Decoded frames are frozen and share what did not change with the frame before: a drawing
 * reads them and never changes them, and `a === b` says a part did not change. */
(function () {
  "use strict";

  function freezeDeep(value) {
    if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
      Object.freeze(value);
      for (const key of Object.keys(value)) freezeDeep(value[key]);
    }
    return value;
  }

  function apply(value, op) {
    if (op === null || op === undefined) return value;
    switch (op[0]) {
      case 1:
        return freezeDeep(op[1]);
      case 2: {
        const out = Object.assign({}, value);
        for (const key of Object.keys(op[1])) {
          const sub = op[1][key];
          if (sub[0] === 0) delete out[key];
          else out[key] = apply(out[key], sub);
        }
        return Object.freeze(out);
      }
      case 3: {
        const n = op[1];
        const out = (value || []).slice(0, n);
        while (out.length < n) out.push(null);
        for (const index of Object.keys(op[2])) out[Number(index)] = apply(out[Number(index)], op[2][index]);
        return Object.freeze(out);
      }
      default:
        throw new Error("unknown frame operation " + op[0]);
    }
  }

  /* get(i): the frame of step i, from the nearest keyframe at or before i, or from the last
   * frame decoded when it lies between that keyframe and i (stepping forward costs one patch). */
  function decoder(stored) {
    let cachedStep = -1;
    let cached = null;
    function keyframeOf(i) {
      let j = i;
      while (j > 0 && !("k" in stored[j])) j -= 1;
      return j;
    }
    function get(i) {
      if (i === cachedStep) return cached;
      const key = keyframeOf(i);
      let from;
      let frame;
      if (cachedStep >= key && cachedStep < i) {
        from = cachedStep;
        frame = cached;
      } else {
        from = key;
        frame = freezeDeep(stored[key].k);
      }
      for (let s = from + 1; s <= i; s += 1) frame = apply(frame, stored[s].d);
      cachedStep = i;
      cached = frame;
      return frame;
    }
    return { get: get, length: stored.length };
  }

  window.AltayFrames = { decoder: decoder, apply: apply };
})();
