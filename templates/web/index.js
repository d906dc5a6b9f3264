// SPDX-License-Identifier: Apache-2.0
// The web edition's index (docs/web.md): marks each puzzle the reader has started or solved in this
// browser, from the progress its page keeps (player.js, key "sudoku-press:" + the link's data-key).
(function () {
  'use strict';
  Array.prototype.forEach.call(document.querySelectorAll('a[data-key]'), function (link) {
    var saved = null;
    try { saved = JSON.parse(localStorage.getItem('sudoku-press:' + link.getAttribute('data-key')) || 'null'); } catch (e) { saved = null; }
    if (!saved) return;
    var mark = document.createElement('span');
    mark.className = 'state';
    mark.textContent = saved.solved ? '\u2713' : '\u2026';
    mark.setAttribute('aria-hidden', 'true');
    link.parentNode.insertBefore(mark, link.nextSibling);
  });
}());
