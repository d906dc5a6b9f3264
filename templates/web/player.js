// SPDX-License-Identifier: Apache-2.0
// The web edition's player (docs/web.md): one puzzle page's grid, entries, pencil marks, undo,
// check, reveal, timer, saved progress and the grader's hints. Plain ES2017 in one strict IIFE, no
// library, no network: the page's data is the JSON in #puzzle-data (written by typeset --template
// web). Sections: model (entries and history), store (localStorage), share (progress in a link),
// view (the grid's DOM and SVG), input (keys, pointer), hints (the grader's path in stages), timer.
(function () {
  'use strict';

  var D = JSON.parse(document.getElementById('puzzle-data').textContent);
  var T = D.text;
  var N = D.size;
  var CELLS = N * N;
  var MODES = ['digit', 'corner', 'centre', 'colour'];
  // The cell colours solvers mark chains and pairs with (player.css's --k1 .. --k6), by key 1-6.
  var COLOURS = ['red', 'orange', 'yellow', 'green', 'blue', 'purple'];

  function tr(id, values) {
    var text = T[id] || id;
    Object.keys(values || {}).forEach(function (key) { text = text.split('{' + key + '}').join(values[key]); });
    return text;
  }
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (key) {
      if (key === 'text') node.textContent = attrs[key]; else node.setAttribute(key, attrs[key]);
    });
    (children || []).forEach(function (child) { node.appendChild(child); });
    return node;
  }
  function cellName(cell) { return 'r' + (Math.floor(cell / N) + 1) + 'c' + (cell % N + 1); }
  function bits(mask) {
    var out = [];
    for (var v = 1; v <= N; v++) if (mask & (1 << v)) out.push(v);
    return out;
  }

  // ---- model: entries, marks, history ----
  function zeros() { return D.givens.map(function () { return 0; }); }
  var state = { values: D.givens.slice(), corner: zeros(), centre: zeros(), colour: zeros(), elapsed: 0, solved: false };
  var undoStack = [];
  var redoStack = [];

  function snapshot(cell) { return [state.values[cell], state.corner[cell], state.centre[cell], state.colour[cell]]; }
  function restore(cell, snap) {
    state.values[cell] = snap[0]; state.corner[cell] = snap[1]; state.centre[cell] = snap[2]; state.colour[cell] = snap[3];
  }
  // Applies `change` to every cell of `cells` that is not a given (colours go on givens too), as one
  // undoable action.
  function act(cells, change, givensToo) {
    if (state.solved && !givensToo) return;
    var action = [];
    cells.forEach(function (cell) {
      if (D.givens[cell] && !givensToo) return;
      var before = snapshot(cell);
      change(cell);
      var after = snapshot(cell);
      if (before.join() !== after.join()) action.push({ cell: cell, before: before, after: after });
    });
    if (!action.length) return;
    undoStack.push(action);
    redoStack = [];
    changed();
  }
  function undo() {
    var action = undoStack.pop();
    if (!action) return;
    action.forEach(function (a) { restore(a.cell, a.before); });
    redoStack.push(action);
    changed();
  }
  function redo() {
    var action = redoStack.pop();
    if (!action) return;
    action.forEach(function (a) { restore(a.cell, a.after); });
    undoStack.push(action);
    changed();
  }
  function enter(value, how) {
    var cells = selection.slice();
    if (how === 'colour') {
      // A colour given where every selected cell has it already takes it off.
      if (value > COLOURS.length) return;
      var allHave = cells.every(function (cell) { return state.colour[cell] === value; });
      act(cells, function (cell) { state.colour[cell] = allHave ? 0 : value; }, true);
    } else if (how === 'digit') {
      // A digit entered where it already is clears it (a tap on a wrong key is undone by a second).
      var all = cells.every(function (cell) { return D.givens[cell] || state.values[cell] === value; });
      act(cells, function (cell) { state.values[cell] = all ? 0 : value; });
    } else {
      var key = how === 'corner' ? state.corner : state.centre;
      var bit = 1 << value;
      var open = cells.filter(function (cell) { return !state.values[cell]; });
      var marked = open.every(function (cell) { return key[cell] & bit; });
      act(open, function (cell) { key[cell] = marked ? key[cell] & ~bit : key[cell] | bit; });
    }
  }
  function erase() {
    if (mode === 'colour') {
      act(selection, function (cell) { state.colour[cell] = 0; }, true);
      return;
    }
    act(selection, function (cell) {
      if (state.values[cell]) state.values[cell] = 0; else { state.corner[cell] = 0; state.centre[cell] = 0; }
    });
  }
  function wrongCells() {
    var out = [];
    for (var cell = 0; cell < CELLS; cell++)
      if (state.values[cell] && state.values[cell] !== D.solution[cell]) out.push(cell);
    return out;
  }
  function isSolved() {
    for (var cell = 0; cell < CELLS; cell++) if (state.values[cell] !== D.solution[cell]) return false;
    return true;
  }

  // ---- store: progress kept in this browser ----
  var storeKey = 'sudoku-press:' + D.key;
  function save() {
    try {
      localStorage.setItem(storeKey, JSON.stringify({
        values: state.values, corner: state.corner, centre: state.centre, colour: state.colour,
        elapsed: Math.round(state.elapsed),
        solved: state.solved
      }));
    } catch (e) { /* storage full or disabled: the page still plays */ }
  }
  function load() {
    var saved = null;
    try { saved = JSON.parse(localStorage.getItem(storeKey) || 'null'); } catch (e) { saved = null; }
    if (!saved || !Array.isArray(saved.values) || saved.values.length !== CELLS) return;
    for (var cell = 0; cell < CELLS; cell++) {
      state.colour[cell] = Array.isArray(saved.colour) ? saved.colour[cell] | 0 : 0;
      if (D.givens[cell]) continue;
      state.values[cell] = saved.values[cell] | 0;
      state.corner[cell] = saved.corner[cell] | 0;
      state.centre[cell] = saved.centre[cell] | 0;
    }
    state.elapsed = +saved.elapsed || 0;
    state.solved = isSolved();
  }

  // ---- share: the progress in the link's fragment, so a link works from file:// and offline ----
  // "#p=" then the entries (a symbol, or "." for a given or an empty cell), "~", the marked cells as
  // cell.corner.centre.colour in base 36 joined by "_", "~", the seconds played.
  function shareText() {
    var values = '';
    var marked = [];
    for (var cell = 0; cell < CELLS; cell++) {
      values += !D.givens[cell] && state.values[cell] ? D.symbols[state.values[cell]] : '.';
      if (state.corner[cell] || state.centre[cell] || state.colour[cell])
        marked.push([cell, state.corner[cell], state.centre[cell], state.colour[cell]].map(function (n) { return n.toString(36); }).join('.'));
    }
    return 'p=' + values + '~' + marked.join('_') + '~' + Math.round(state.elapsed / 1000);
  }
  // The cells' snapshots a fragment holds, or null when it holds none (or not for this grid).
  function sharedCells(hash) {
    var m = /^#p=([^~]*)~([^~]*)~(\d*)$/.exec(hash || '');
    if (!m || m[1].length !== CELLS) return null;
    var snaps = [];
    for (var cell = 0; cell < CELLS; cell++) {
      var value = m[1].charAt(cell) === '.' ? 0 : D.symbols.indexOf(m[1].charAt(cell));
      if (value < 0 || (D.givens[cell] && value)) return null;
      snaps.push([D.givens[cell] || value, 0, 0, 0]);
    }
    var ok = m[2].split('_').every(function (item) {
      if (!item) return true;
      var f = item.split('.').map(function (n) { return parseInt(n, 36); });
      if (f.length !== 4 || !(f[0] >= 0 && f[0] < CELLS) || f.some(isNaN)) return false;
      snaps[f[0]] = [snaps[f[0]][0], f[1], f[2], f[3] <= COLOURS.length ? f[3] : 0];
      return true;
    });
    return ok ? { cells: snaps, seconds: +m[3] || 0 } : null;
  }

  // ---- view ----
  var root = document.getElementById('player');
  root.textContent = '';
  root.classList.add('play');
  var cellsEl = [];
  var selection = [0];
  var focusCell = 0;
  var mode = 'digit';
  var marks = {};  // cell -> classes from a hint or a check

  function header() {
    var nav = el('nav', { 'aria-label': D.title });
    nav.appendChild(el('a', { href: D.index, text: tr('Contents') }));
    if (D.previous) nav.appendChild(el('a', { href: D.previous, rel: 'prev', text: tr('Previous puzzle') }));
    if (D.next) nav.appendChild(el('a', { href: D.next, rel: 'next', text: tr('Next puzzle') }));
    root.appendChild(nav);
    root.appendChild(el('h1', { text: D.title }));
    root.appendChild(el('p', { class: 'sub', text: D.subtitle }));
  }

  var grid;
  var timerEl;
  var statusEl;
  var hintEl;
  var shareEl;
  var palette;
  var modeButtons = {};

  function buildGrid() {
    var wrap = el('div', { class: 'board' });
    grid = el('div', { role: 'grid', class: 'grid', 'aria-label': tr('Sudoku grid, {size} by {size}', { size: N }),
                       'aria-multiselectable': 'true', style: '--n:' + N });
    var shaded = {};
    D.shaded.forEach(function (cell) { shaded[cell] = true; });
    var cageOf = {};
    var cageSum = {};
    D.cages.forEach(function (cage, i) {
      cage.cells.forEach(function (cell) { cageOf[cell] = i; });
      cageSum[Math.min.apply(null, cage.cells)] = cage.sum;
    });
    for (var r = 0; r < N; r++) {
      var row = el('div', { role: 'row', class: 'row' });
      for (var col = 0; col < N; col++) {
        var cell = r * N + col;
        var classes = ['cell'];
        // A thick line where the region changes (boxes, and a jigsaw's regions alike).
        if (col + 1 < N && D.regions[cell] !== D.regions[cell + 1]) classes.push('br');
        if (r + 1 < N && D.regions[cell] !== D.regions[cell + N]) classes.push('bb');
        if (shaded[cell]) classes.push('shaded');
        // X diagonals are drawn by the cells themselves, under their digits (player.css).
        if (D.diagonals && r === col) classes.push('d1');
        if (D.diagonals && r + col === N - 1) classes.push('d2');
        if (D.givens[cell]) classes.push('given');
        var node = el('div', { role: 'gridcell', class: classes.join(' '), tabindex: '-1', 'data-cell': cell });
        if (cageSum[cell] !== undefined) node.classList.add('has-sum');
        if (cageSum[cell] !== undefined) node.appendChild(el('span', { class: 'sum', 'aria-hidden': 'true', text: cageSum[cell] }));
        node.appendChild(el('span', { class: 'content', 'aria-hidden': 'true' }));
        cellsEl.push(node);
        row.appendChild(node);
      }
      grid.appendChild(row);
    }
    wrap.appendChild(grid);
    wrap.appendChild(overlay(cageOf));
    root.appendChild(wrap);
    // The digits' size follows the cell's (CSS --cell), set when the board is laid out or resized.
    var size = function () { wrap.style.setProperty('--cell', (wrap.clientWidth / N).toFixed(1) + 'px'); };
    if (window.ResizeObserver) new ResizeObserver(size).observe(wrap);
    size();
  }

  // Cage outlines, drawn in an SVG over the grid (one unit per cell); they run along the cells'
  // edges, clear of the digits.
  function overlay(cageOf) {
    var ns = 'http://www.w3.org/2000/svg';
    var svg = document.createElementNS(ns, 'svg');
    svg.setAttribute('viewBox', '0 0 ' + N + ' ' + N);
    svg.setAttribute('class', 'overlay');
    svg.setAttribute('aria-hidden', 'true');
    function line(x1, y1, x2, y2, cls) {
      var l = document.createElementNS(ns, 'line');
      l.setAttribute('x1', x1); l.setAttribute('y1', y1); l.setAttribute('x2', x2); l.setAttribute('y2', y2);
      l.setAttribute('class', cls);
      svg.appendChild(l);
    }
    // A cage's outline: each cell's sides that border another cage, drawn inset.
    var inset = 0.08;
    Object.keys(cageOf).forEach(function (key) {
      var cell = +key;
      var r = Math.floor(cell / N);
      var c = cell % N;
      var same = function (dr, dc) {
        var rr = r + dr; var cc = c + dc;
        return rr >= 0 && rr < N && cc >= 0 && cc < N && cageOf[rr * N + cc] === cageOf[cell];
      };
      var up = same(-1, 0); var down = same(1, 0); var left = same(0, -1); var right = same(0, 1);
      var x0 = c + (left ? 0 : inset); var x1 = c + 1 - (right ? 0 : inset);
      var y0 = r + (up ? 0 : inset); var y1 = r + 1 - (down ? 0 : inset);
      if (!up) line(x0, r + inset, x1, r + inset, 'cage');
      if (!down) line(x0, r + 1 - inset, x1, r + 1 - inset, 'cage');
      if (!left) line(c + inset, y0, c + inset, y1, 'cage');
      if (!right) line(c + 1 - inset, y0, c + 1 - inset, y1, 'cage');
    });
    return svg;
  }

  function buildControls() {
    var bar = el('div', { class: 'controls' });
    var modes = el('div', { role: 'radiogroup', class: 'modes', 'aria-label': tr('Mode') });
    [['digit', 'Digit'], ['corner', 'Corner'], ['centre', 'Centre'], ['colour', 'Colour']].forEach(function (m) {
      var b = el('button', { type: 'button', role: 'radio', 'data-mode': m[0], text: tr(m[1]) });
      b.addEventListener('click', function () { setMode(m[0]); });
      modeButtons[m[0]] = b;
      modes.appendChild(b);
    });
    bar.appendChild(modes);
    var pad = el('div', { class: 'pad', role: 'group', 'aria-label': tr('Numbers') });
    for (var v = 1; v <= N; v++) pad.appendChild(numberButton(v));
    bar.appendChild(pad);
    // In colour mode the palette takes the number pad's place.
    palette = el('div', { class: 'pad palette', role: 'group', 'aria-label': tr('Colours'), hidden: 'hidden' });
    COLOURS.forEach(function (name, i) { palette.appendChild(colourButton(i + 1, name)); });
    var none = el('button', { type: 'button', class: 'swatch', 'data-colour': '0', text: tr('No colour') });
    none.addEventListener('click', function () { erase(); focusGrid(); });
    palette.appendChild(none);
    bar.appendChild(palette);
    var actions = el('div', { class: 'actions' });
    [['Erase', function () { erase(); }], ['Undo', undo], ['Redo', redo], ['Check', check], ['Hint', hint],
     ['Reveal cell', revealCell], ['Reveal all', revealAll], ['Restart', restart], ['Share', share]].forEach(function (a) {
      var b = el('button', { type: 'button', 'data-action': a[0], text: tr(a[0]) });
      b.addEventListener('click', function () { a[1](); if (a[0] !== 'Restart' && a[0] !== 'Share') focusGrid(); });
      actions.appendChild(b);
    });
    bar.appendChild(actions);
    var clock = el('div', { class: 'clock' });
    clock.appendChild(el('span', { class: 'label', text: tr('Time') + ' ' }));
    timerEl = el('span', { role: 'timer', 'aria-live': 'off', class: 'time', text: '0:00' });
    clock.appendChild(timerEl);
    var pause = el('button', { type: 'button', 'data-action': 'Pause', 'aria-pressed': 'false', text: tr('Pause') });
    pause.addEventListener('click', function () { setPaused(!paused); });
    clock.appendChild(pause);
    bar.appendChild(clock);
    root.appendChild(bar);
    statusEl = el('p', { role: 'status', class: 'status', 'aria-live': 'polite' });
    root.appendChild(statusEl);
    hintEl = el('section', { class: 'hint', 'aria-label': tr('Hint'), hidden: 'hidden' });
    root.appendChild(hintEl);
    shareEl = el('section', { class: 'share', 'aria-label': tr('Share'), hidden: 'hidden' });
    shareEl.appendChild(el('label', { for: 'share-link', text: tr('A link to this puzzle with your entries, marks and colours:') }));
    shareEl.appendChild(el('input', { id: 'share-link', type: 'text', readonly: 'readonly' }));
    root.appendChild(shareEl);
    var rules = el('section', { class: 'rules', 'aria-label': D.howToPlay });
    rules.appendChild(el('h2', { text: D.howToPlay }));
    rules.appendChild(el('p', { text: D.rules }));
    rules.appendChild(el('p', { class: 'keys', text: tr('Keys: arrows move; digits and letters fill; Shift+digit a corner mark, Ctrl+digit a centre mark; Space switches mode; Backspace erases; Ctrl+Z undoes, Ctrl+Y redoes; H asks for a hint.') }));
    rules.appendChild(el('p', { class: 'keys', text: tr('Colour mode (Space, a fourth time): 1 to 6 colour the selected cells, Backspace takes the colour off. Share gives a link with your progress.') }));
    rules.appendChild(el('p', { class: 'keys', text: tr('Your progress is kept in this browser.') }));
    root.appendChild(rules);
  }

  // A number pad's button: enters `value` in the mode in force when it is pressed.
  function numberButton(value) {
    var b = el('button', { type: 'button', class: 'num', text: D.symbols[value] });
    b.addEventListener('click', function () { enter(value, mode); focusGrid(); });
    return b;
  }
  // A palette button: colours the selected cells (a second press takes the colour off).
  function colourButton(value, name) {
    var b = el('button', { type: 'button', class: 'swatch k' + value, 'data-colour': value,
                           'aria-label': value + ' ' + tr(name), title: tr(name), text: String(value) });
    b.addEventListener('click', function () { enter(value, 'colour'); focusGrid(); });
    return b;
  }
  function setMode(m) {
    mode = m;
    MODES.forEach(function (k) { modeButtons[k].setAttribute('aria-checked', k === m ? 'true' : 'false'); });
    palette.hidden = m !== 'colour';
    root.querySelector('.pad:not(.palette)').hidden = m === 'colour';
  }

  function label(cell) {
    var parts = [tr('Row {row}, column {column}', { row: Math.floor(cell / N) + 1, column: cell % N + 1 })];
    var v = state.values[cell];
    if (D.givens[cell]) parts.push(tr('given {value}', { value: D.symbols[v] }));
    else if (v) parts.push(tr('{value}', { value: D.symbols[v] }));
    else {
      parts.push(tr('empty'));
      if (state.corner[cell]) parts.push(tr('corner marks {values}', { values: bits(state.corner[cell]).map(sym).join(' ') }));
      if (state.centre[cell]) parts.push(tr('centre marks {values}', { values: bits(state.centre[cell]).map(sym).join(' ') }));
    }
    D.cages.forEach(function (cage) {
      if (Math.min.apply(null, cage.cells) === cell) parts.push(tr('cage of {sum}', { sum: cage.sum }));
    });
    if (state.colour[cell]) parts.push(tr('colour {name}', { name: tr(COLOURS[state.colour[cell] - 1]) }));
    return parts.join(', ');
  }
  function sym(v) { return D.symbols[v]; }

  function drawCell(cell, v, m, isSelected, same) {
    var node = cellsEl[cell];
    var content = node.lastChild;
    content.textContent = '';
    content.className = 'content';
    if (v) {
      content.textContent = D.symbols[v];
      content.classList.add('value');
    } else if (state.corner[cell] || state.centre[cell]) {
      var corner = el('span', { class: 'corner' });
      bits(state.corner[cell]).forEach(function (value) { corner.appendChild(el('span', { text: D.symbols[value] })); });
      content.appendChild(corner);
      content.appendChild(el('span', { class: 'centre', text: bits(state.centre[cell]).map(sym).join('') }));
    }
    node.classList.toggle('selected', isSelected);
    node.classList.toggle('same', same);
    node.setAttribute('aria-selected', isSelected ? 'true' : 'false');
    node.setAttribute('aria-label', label(cell));
    node.setAttribute('tabindex', cell === focusCell ? '0' : '-1');
    ['wrong', 'where', 'pattern', 'places', 'removes'].forEach(function (cls) { node.classList.toggle(cls, !!m[cls]); });
    COLOURS.forEach(function (name, i) { node.classList.toggle('k' + (i + 1), state.colour[cell] === i + 1); });
    node.classList.toggle('coloured', !!state.colour[cell]);
    if (m.struck && !v) {
      // The hint's removals on the player's own marks: struck where the player has the candidate.
      Array.prototype.forEach.call(content.querySelectorAll('.corner span'), function (s) {
        if (m.struck.indexOf(s.textContent) >= 0) s.classList.add('struck');
      });
    }
  }

  // Redraws the cells whose look changed since the last call (a key press touches a few; drawing
  // all of a 25x25 grid's each time would make typing lag).
  var drawn = [];
  function render() {
    var selected = {};
    selection.forEach(function (cell) { selected[cell] = true; });
    var focusValue = state.values[focusCell];
    for (var cell = 0; cell < CELLS; cell++) {
      var v = state.values[cell];
      var m = marks[cell] || {};
      var same = !!focusValue && v === focusValue && cell !== focusCell;
      var look = [v, state.corner[cell], state.centre[cell], state.colour[cell], !!selected[cell], same, cell === focusCell,
                  JSON.stringify(m)].join('|');
      if (drawn[cell] === look) continue;
      drawn[cell] = look;
      drawCell(cell, v, m, !!selected[cell], same);
    }
    root.classList.toggle('solved', state.solved);
    timerEl.textContent = clockText(state.elapsed);
  }

  function changed() {
    clearMarks();
    var wasSolved = state.solved;
    state.solved = isSolved();
    if (state.solved && !wasSolved) say(tr('Solved in {time}. Well done!', { time: clockText(state.elapsed) }));
    save();
    render();
  }
  function clearMarks() { marks = {}; }
  function mark(cells, cls, extra) {
    cells.forEach(function (cell) {
      marks[cell] = marks[cell] || {};
      marks[cell][cls] = true;
      if (extra) extra(marks[cell], cell);
    });
  }
  function say(text) { statusEl.textContent = text; }

  function check() {
    clearMarks();
    var wrong = wrongCells();
    mark(wrong, 'wrong');
    if (state.solved) say(tr('Solved in {time}. Well done!', { time: clockText(state.elapsed) }));
    else if (!wrong.length) say(tr('Every entry so far agrees with the solution.'));
    else if (wrong.length === 1) say(tr('{cell} disagrees with the solution.', { cell: cellName(wrong[0]) }));
    else say(tr('{cells} disagree with the solution.', { cells: wrong.map(cellName).join(', ') }));
    render();
  }
  function revealCell() { act(selection, function (cell) { state.values[cell] = D.solution[cell]; }); }
  function revealAll() {
    var all = D.givens.map(function (given, cell) { return cell; });
    act(all, function (cell) { state.values[cell] = D.solution[cell]; });
  }
  function restart() {
    if (!window.confirm(tr('Start again? Your entries will be erased.'))) return;
    for (var cell = 0; cell < CELLS; cell++) restore(cell, [D.givens[cell], 0, 0, 0]);
    undoStack = []; redoStack = [];
    state.elapsed = 0; state.solved = false;
    hintState = null; hintEl.hidden = true;
    say('');
    changed();
  }

  // The link to this page with the progress in its fragment: shown to copy, and copied where the
  // browser lets a page write the clipboard.
  function share() {
    var input = shareEl.querySelector('input');
    input.value = location.href.split('#')[0] + '#' + shareText();
    shareEl.hidden = false;
    input.focus();
    input.select();
    say('');
    if (navigator.clipboard && navigator.clipboard.writeText)
      navigator.clipboard.writeText(input.value).then(function () { say(tr('Link copied.')); }, function () {});
  }
  // A page opened from a shared link takes the link's progress as one undoable action (Undo goes
  // back to what this browser kept), and drops the fragment so a reload keeps later play.
  function openShared() {
    var shared = sharedCells(location.hash);
    if (!shared) return;
    var all = D.givens.map(function (given, cell) { return cell; });
    state.solved = false;
    act(all, function (cell) { restore(cell, shared.cells[cell]); }, true);
    state.elapsed = Math.max(state.elapsed, shared.seconds * 1000);
    say(tr("The link's entries are shown; Undo brings back yours."));
    try { history.replaceState(null, '', location.href.split('#')[0]); } catch (e) { /* file:// in some browsers */ }
  }

  // ---- hints: the grader's path, in its stages ----
  var hintState = null;  // { step, stage }
  // A step is done when the player has entered every digit it places; a step that only removes is
  // done when each of its cells is filled or the player's own marks there lack the removed digit,
  // or when a later placement is done (the player went past it).
  function stepDone(step) {
    if (step.places.length)
      return step.places.every(function (p) { return state.values[p[0]] === p[1]; });
    return step.removes.every(function (p) {
      var cell = p[0]; var bit = 1 << p[1];
      var m = state.corner[cell] | state.centre[cell];
      return state.values[cell] || (m && !(m & bit));
    });
  }
  function nextStep() {
    var steps = D.steps;
    var lastPlaced = -1;
    for (var i = 0; i < steps.length; i++) if (steps[i].places.length && stepDone(steps[i])) lastPlaced = i;
    for (var j = 0; j < steps.length; j++) {
      if (steps[j].places.length ? !stepDone(steps[j]) : (j > lastPlaced && !stepDone(steps[j]))) return j;
    }
    return -1;
  }
  function hint() {
    clearMarks();
    if (state.solved) { say(tr('The puzzle is solved: no hint needed.')); render(); return; }
    var wrong = wrongCells();
    if (wrong.length) {
      mark(wrong, 'wrong');
      hintState = null;
      hintEl.hidden = true;
      say(tr('Fix the entries that disagree with the solution first: {cells}.', { cells: wrong.map(cellName).join(', ') }));
      render();
      return;
    }
    if (!D.steps.length) { say(tr("No hint: the grader's path is not known for this puzzle.")); render(); return; }
    var index = nextStep();
    if (index < 0) { say(tr('The puzzle is solved: no hint needed.')); render(); return; }
    if (hintState && hintState.step === index) hintState.stage = Math.min(hintState.stage + 1, D.steps[index].lines.length - 1);
    else hintState = { step: index, stage: 0 };
    showHint();
  }
  // A step's `where`: "r3", "c5", "b7" (a whole row, column or region, 0-based) or its cells.
  function whereCells(where) {
    if (Array.isArray(where)) return where;
    var kind = where.charAt(0);
    var n = parseInt(where.slice(1), 10);
    var out = [];
    for (var cell = 0; cell < CELLS; cell++) {
      var r = Math.floor(cell / N);
      if (kind === 'r' ? r === n : kind === 'c' ? cell % N === n : D.regions[cell] === n) out.push(cell);
    }
    return out;
  }
  function showHint() {
    var step = D.steps[hintState.step];
    var lines = step.lines;
    var stage = hintState.stage;
    hintEl.hidden = false;
    hintEl.textContent = '';
    hintEl.appendChild(el('h2', { text: tr('Hint') }));
    hintEl.appendChild(el('p', { class: 'step', text: tr("Step {number} of the grader's path.", { number: hintState.step + 1 }) }));
    var list = el('ol', { class: 'lines' });
    for (var i = 0; i <= stage; i++) list.appendChild(el('li', { text: lines[i] }));
    hintEl.appendChild(list);
    if (stage + 1 < lines.length) {
      var more = el('button', { type: 'button', 'data-action': 'More', text: tr('More') });
      more.addEventListener('click', function () { hint(); focusGrid(); });
      hintEl.appendChild(more);
    }
    // On the grid: where to look from the first stage, the pattern's cells from the third (when the
    // step names cells), what it removes and places from the last.
    mark(whereCells(step.where), 'where');
    var cellsStage = lines.length === 4 ? 2 : lines.length;
    if (stage >= cellsStage) mark(step.cells, 'pattern');
    if (stage === lines.length - 1) {
      mark(step.places.map(function (p) { return p[0]; }), 'places');
      step.removes.forEach(function (p) {
        mark([p[0]], 'removes', function (m) { (m.struck = m.struck || []).push(D.symbols[p[1]]); });
      });
    }
    say(lines[stage]);
    render();
  }

  // ---- timer: runs while the page is shown, not paused and not solved ----
  var paused = false;
  var last = Date.now();
  function clockText(ms) {
    var s = Math.floor(ms / 1000);
    var h = Math.floor(s / 3600); var m = Math.floor(s / 60) % 60; var sec = s % 60;
    return (h ? h + ':' + (m < 10 ? '0' : '') : '') + m + ':' + (sec < 10 ? '0' : '') + sec;
  }
  function tick() {
    var now = Date.now();
    if (!paused && !state.solved && !document.hidden) state.elapsed += now - last;
    last = now;
    timerEl.textContent = clockText(state.elapsed);
  }
  function setPaused(p) {
    tick();
    paused = p;
    root.classList.toggle('paused', p);
    var b = root.querySelector('[data-action="Pause"]');
    b.textContent = tr(p ? 'Resume' : 'Pause');
    b.setAttribute('aria-pressed', p ? 'true' : 'false');
    say(p ? tr('Paused') : '');
    save();
  }

  // ---- input: keys and pointer ----
  function focusGrid() { cellsEl[focusCell].focus({ preventScroll: true }); }
  function select(cell, add) {
    focusCell = cell;
    if (add) { if (selection.indexOf(cell) < 0) selection.push(cell); } else selection = [cell];
    render();
    focusGrid();
  }
  function valueOfKey(e) {
    var m = /^(Digit|Numpad)(\d)$/.exec(e.code || '');
    if (m && +m[2] >= 1 && +m[2] <= Math.min(N, 9)) return +m[2];
    var k = (e.key || '').toUpperCase();
    for (var v = 1; v <= N; v++) if (D.symbols[v] === k) return v;
    return 0;
  }
  function onKey(e) {
    if (paused) return;
    var r = Math.floor(focusCell / N);
    var c = focusCell % N;
    var move = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[e.key];
    var ctrl = e.ctrlKey || e.metaKey;
    if (move) {
      // Up and down wrap within the column; left and right run on in reading order, so typing a
      // row's digits with the arrow between them goes on into the next row.
      var next = move[0] ? ((r + move[0] + N) % N) * N + c : (focusCell + move[1] + CELLS) % CELLS;
      select(next, e.shiftKey);
    } else if (ctrl && (e.key === 'z' || e.key === 'Z')) {
      if (e.shiftKey) redo(); else undo();
    } else if (ctrl && (e.key === 'y' || e.key === 'Y')) {
      redo();
    } else if (e.key === 'Backspace' || e.key === 'Delete') {
      erase();
    } else if (e.key === ' ') {
      setMode(MODES[(MODES.indexOf(mode) + 1) % MODES.length]);
    } else if ((e.key === 'h' || e.key === 'H') && !ctrl && !D.symbols.some(function (s) { return s === 'H'; })) {
      hint();
    } else {
      var value = valueOfKey(e);
      if (!value || e.altKey) return;
      enter(value, ctrl ? 'centre' : e.shiftKey ? 'corner' : mode);  // in colour mode, 1-6 colour
    }
    e.preventDefault();
  }
  var dragging = false;
  function cellOf(target) {
    var node = target.closest ? target.closest('[data-cell]') : null;
    return node ? +node.getAttribute('data-cell') : -1;
  }

  // ---- start ----
  header();
  buildGrid();
  buildControls();
  load();
  setMode('digit');
  openShared();
  grid.addEventListener('keydown', onKey);
  grid.addEventListener('pointerdown', function (e) {
    var cell = cellOf(e.target);
    if (cell < 0) return;
    dragging = true;
    select(cell, e.shiftKey || e.ctrlKey || e.metaKey);
    e.preventDefault();
  });
  grid.addEventListener('pointermove', function (e) {
    if (!dragging) return;
    var cell = cellOf(document.elementFromPoint(e.clientX, e.clientY) || e.target);
    if (cell >= 0 && selection.indexOf(cell) < 0) select(cell, true);
  });
  document.addEventListener('pointerup', function () { dragging = false; });
  // A shared link pasted over this very page changes only the fragment: no reload, so read it here.
  window.addEventListener('hashchange', function () { openShared(); render(); });
  document.addEventListener('visibilitychange', function () { tick(); save(); });
  window.addEventListener('pagehide', function () { tick(); save(); });
  setInterval(function () { tick(); if (Math.round(state.elapsed / 1000) % 10 === 0) save(); }, 1000);
  root.removeAttribute('aria-busy');
  render();
  if (state.solved) say(tr('Solved in {time}. Well done!', { time: clockText(state.elapsed) }));
  window.sudokuPlayer = { state: state, steps: D.steps, whereCells: whereCells };  // for tests and the curious
}());
