// One slide at a time, keyboard navigation, an overview and a print view.
// No dependencies, nothing fetched: the deck works offline from a single file.
//
//   → ↓ Space PageDown j l : next      ← ↑ PageUp Backspace k h : back
//   Home / End : first / last          a number, then Enter : that slide
//   O : overview (click a slide)       P : all slides one after another (and for printing)
//
// The URL's #N is the current slide, so a link can point at one. Opening the
// deck with ?check-layout lays out every slide and reports, in an element
// #layout-report, anything that does not fit its 1280×720 page (the slides'
// layout test reads it through a headless browser).
(function () {
  'use strict';
  var deck = document.getElementById('deck');
  var slides = Array.prototype.slice.call(deck.children).filter(function (el) {
    return el.classList.contains('slide');
  });
  var current = 0;
  var typed = '';
  var deckTitle = deck.getAttribute('data-deck-title') || '';

  slides.forEach(function (slide, i) {
    var footer = document.createElement('div');
    footer.className = 'slide-footer';
    var left = document.createElement('span');
    left.textContent = i === 0 ? '' : deckTitle;
    var right = document.createElement('span');
    right.textContent = (i + 1) + ' / ' + slides.length;
    footer.appendChild(left);
    footer.appendChild(right);
    slide.appendChild(footer);
    slide.addEventListener('click', function () {
      if (document.body.classList.contains('overview')) {
        document.body.classList.remove('overview');
        show(i);
      }
    });
  });

  function fit() {
    var scale = Math.min(window.innerWidth / 1280, window.innerHeight / 720);
    document.documentElement.style.setProperty('--scale', String(scale));
  }

  function show(n) {
    n = Math.max(0, Math.min(slides.length - 1, n));
    slides[current].classList.remove('current');
    current = n;
    slides[current].classList.add('current');
    document.getElementById('counter').textContent = (current + 1) + ' / ' + slides.length;
    document.getElementById('progress').style.width =
      (slides.length > 1 ? (100 * current / (slides.length - 1)) : 100) + '%';
    if (window.history && window.history.replaceState) {
      window.history.replaceState(null, '', '#' + (current + 1));
    }
  }

  function fromHash() {
    var hash = decodeURIComponent(window.location.hash.replace(/^#/, ''));
    if (/^\d+$/.test(hash)) return parseInt(hash, 10) - 1;
    for (var i = 0; i < slides.length; ++i) {
      if (slides[i].id === hash) return i;
    }
    return 0;
  }

  document.addEventListener('keydown', function (e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    var key = e.key;
    if (/^\d$/.test(key)) { typed += key; return; }
    if (key === 'Enter' && typed) { show(parseInt(typed, 10) - 1); typed = ''; e.preventDefault(); return; }
    typed = '';
    if (['ArrowRight', 'ArrowDown', ' ', 'PageDown', 'j', 'l', 'Enter'].indexOf(key) >= 0) {
      show(current + 1);
    } else if (['ArrowLeft', 'ArrowUp', 'PageUp', 'Backspace', 'k', 'h'].indexOf(key) >= 0) {
      show(current - 1);
    } else if (key === 'Home') {
      show(0);
    } else if (key === 'End') {
      show(slides.length - 1);
    } else if (key === 'o' || key === 'O' || key === 'Escape') {
      document.body.classList.remove('print-view');
      if (key === 'Escape') document.body.classList.remove('overview');
      else document.body.classList.toggle('overview');
      if (document.body.classList.contains('overview')) slides[current].scrollIntoView({ block: 'center' });
    } else if (key === 'p' || key === 'P') {
      document.body.classList.remove('overview');
      document.body.classList.toggle('print-view');
      if (document.body.classList.contains('print-view')) slides[current].scrollIntoView();
    } else {
      return;
    }
    e.preventDefault();
  });

  document.getElementById('next').addEventListener('click', function () { show(current + 1); });
  document.getElementById('prev').addEventListener('click', function () { show(current - 1); });

  var touchX = null;
  document.addEventListener('touchstart', function (e) { touchX = e.touches[0].clientX; }, { passive: true });
  document.addEventListener('touchend', function (e) {
    if (touchX === null) return;
    var dx = e.changedTouches[0].clientX - touchX;
    if (Math.abs(dx) > 50) show(current + (dx < 0 ? 1 : -1));
    touchX = null;
  });

  window.addEventListener('resize', fit);
  window.addEventListener('hashchange', function () { show(fromHash()); });
  fit();
  show(fromHash());

  // The layout check: every slide laid out at 1280×720, nothing may stick out
  // of the page (the footer's strip included) or out of a code block.
  function checkLayout() {
    document.body.classList.add('print-view');
    var problems = [];
    slides.forEach(function (slide, i) {
      var box = slide.getBoundingClientRect();
      var limitBottom = box.top + 720 - 34;   // keep clear of the footer
      var limitRight = box.left + 1280 - 24;
      var heading = slide.querySelector('h1, h2');
      var title = heading ? heading.textContent : '(title slide)';
      var worst = { bottom: 0, right: 0 };
      var all = slide.querySelectorAll('.slide-body *, h1, h2');
      for (var j = 0; j < all.length; ++j) {
        var el = all[j];
        if (el.closest('.slide-footer')) continue;
        var r = el.getBoundingClientRect();
        if (r.width === 0 && r.height === 0) continue;
        worst.bottom = Math.max(worst.bottom, r.bottom - limitBottom);
        worst.right = Math.max(worst.right, r.right - limitRight);
      }
      var codes = slide.querySelectorAll('pre');
      for (var k = 0; k < codes.length; ++k) {
        var pre = codes[k];
        if (pre.scrollWidth > pre.clientWidth + 1) {
          problems.push({ slide: i + 1, title: title, what: 'code wider than its block by ' +
                          (pre.scrollWidth - pre.clientWidth) + 'px' });
        }
      }
      if (worst.bottom > 0.5) {
        problems.push({ slide: i + 1, title: title, what: 'content ' + Math.ceil(worst.bottom) + 'px too tall' });
      }
      if (worst.right > 0.5) {
        problems.push({ slide: i + 1, title: title, what: 'content ' + Math.ceil(worst.right) + 'px too wide' });
      }
    });
    var report = document.createElement('pre');
    report.id = 'layout-report';
    report.setAttribute('data-slides', String(slides.length));
    report.textContent = JSON.stringify(problems);
    document.body.appendChild(report);
  }
  if (/[?&]check-layout\b/.test(window.location.search)) checkLayout();
})();
