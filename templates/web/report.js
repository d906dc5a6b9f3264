// SPDX-License-Identifier: Apache-2.0
// corpus-rate --explain --format html: j or n moves to the next step, k or p to the previous one
// (each step is a focusable section), so a path is read with the keyboard alone.
(function () {
  'use strict';
  var steps = Array.prototype.slice.call(document.querySelectorAll('.step'));
  var at = -1;
  document.addEventListener('keydown', function (e) {
    if (e.ctrlKey || e.metaKey || e.altKey || !steps.length) return;
    var step = { j: 1, n: 1, k: -1, p: -1 }[e.key];
    if (!step) return;
    var current = steps.indexOf(document.activeElement);
    if (current >= 0) at = current;
    at = Math.max(0, Math.min(steps.length - 1, at + step));
    steps[at].focus();
    e.preventDefault();
  });
}());
