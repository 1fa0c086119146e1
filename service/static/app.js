// depcheck page: check product copy against a table, mark claims up like a spell checker,
// and show each claim's provenance in the table. Plain DOM, no dependencies.
"use strict";

(function () {
  const CSV = "__csv__";
  const FULL_TABLE_ROWS = 12;   // larger tables show only involved rows plus context
  const CONTEXT_ROWS = 1;

  const $ = (id) => document.getElementById(id);
  const el = (tag, cls, text) => {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  };

  const state = { table: null, report: null, active: null };

  // ---------------------------------------------------------------- messages and API

  function showMessage(text) {
    const box = $("message");
    box.textContent = text;
    box.hidden = !text;
  }

  class ApiError extends Error {}

  async function api(method, path, body) {
    const init = { method, headers: { Accept: "application/json" } };
    if (body !== undefined) {
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    let response;
    try {
      response = await fetch(path, init);
    } catch (exc) {
      throw new ApiError("The service cannot be reached (" + exc.message + ").");
    }
    let data = null;
    try { data = await response.json(); } catch (exc) { data = null; }
    if (!response.ok) {
      const err = data && data.error;
      const text = err ? err.message + (err.code ? " (" + err.code + ")" : "")
                       : "HTTP " + response.status + " " + response.statusText;
      throw new ApiError("The service refused the request: " + text);
    }
    if (data === null) throw new ApiError("The service sent a response that is not JSON.");
    return data;
  }

  // ---------------------------------------------------------------- CSV

  // RFC 4180 with quoted fields; the delimiter (comma, semicolon or tab) is sniffed from
  // the header line. Ragged rows are kept as they are: the service reports them.
  function parseCsv(text) {
    text = text.replace(/^\ufeff/, "");
    const header = text.split(/\r?\n/, 1)[0] || "";
    const counts = [",", ";", "\t"].map((d) => [d, header.split(d).length]);
    counts.sort((a, b) => b[1] - a[1]);
    const delim = counts[0][1] > 1 ? counts[0][0] : ",";
    const rows = [];
    let row = [], field = "", quoted = false, i = 0;
    while (i < text.length) {
      const c = text[i];
      if (quoted) {
        if (c === '"') {
          if (text[i + 1] === '"') { field += '"'; i += 2; continue; }
          quoted = false;
        } else field += c;
        i += 1;
        continue;
      }
      if (c === '"' && field === "") quoted = true;
      else if (c === delim) { row.push(field); field = ""; }
      else if (c === "\n" || c === "\r") {
        if (c === "\r" && text[i + 1] === "\n") i += 1;
        row.push(field); field = "";
        if (row.some((f) => f.trim() !== "")) rows.push(row);
        row = [];
      } else field += c;
      i += 1;
    }
    if (quoted) throw new ApiError("The CSV has an unterminated quoted field.");
    row.push(field);
    if (row.some((f) => f.trim() !== "")) rows.push(row);
    if (rows.length < 2) throw new ApiError("The CSV needs a header line and at least one row.");
    return { id: "inline", caption: "pasted table", columns: rows[0].map((c) => c.trim()),
             rows: rows.slice(1) };
  }

  // ---------------------------------------------------------------- catalogs

  async function loadCatalogs() {
    const select = $("table-source");
    try {
      const data = await api("GET", "/v1/tables");
      const placeholder = select.querySelector("option[disabled]");
      if (placeholder) placeholder.remove();
      const csvOption = select.querySelector('option[value="' + CSV + '"]');
      for (const t of data.tables) {
        const option = el("option", null, t.id + (t.caption ? " — " + t.caption : "") +
                          " (" + t.n_rows + " rows)");
        option.value = t.id;
        select.insertBefore(option, csvOption);
      }
      const demo = data.tables.find((t) => t.id === "demo") || data.tables[0];
      select.value = demo ? demo.id : CSV;
    } catch (exc) {
      showMessage(exc.message);
      select.value = CSV;
    }
    syncSource();
  }

  function syncSource() {
    $("csv-box").hidden = $("table-source").value !== CSV;
  }

  // ---------------------------------------------------------------- check

  async function runCheck() {
    const text = $("text").value;
    showMessage("");
    if (!text.trim()) { showMessage("Paste some text to check first."); $("text").focus(); return; }
    const source = $("table-source").value;
    const button = $("check-btn");
    button.disabled = true;
    $("busy").hidden = false;
    try {
      let table, body;
      if (source === CSV) {
        table = parseCsv($("csv-text").value);
        body = { text, table };
      } else if (source) {
        table = await api("GET", "/v1/tables/" + encodeURIComponent(source));
        body = { text, table_id: source };
      } else {
        throw new ApiError("Choose a table first.");
      }
      const report = await api("POST", "/v1/check", body);
      state.table = table;
      state.report = report;
      state.active = null;
      render();
    } catch (exc) {
      showMessage(exc instanceof ApiError ? exc.message : "Unexpected error: " + exc.message);
      $("results").hidden = true;
    } finally {
      button.disabled = false;
      $("busy").hidden = true;
    }
  }

  // ---------------------------------------------------------------- rendering

  function render() {
    const report = state.report;
    const hyps = report.hypotheses || [];
    const refuted = hyps.filter((h) => h.verdict === "refuted").length;
    const supported = hyps.filter((h) => h.verdict === "supported").length;
    const unverifiable = hyps.length - refuted - supported;
    const summary = $("summary");
    summary.className = "summary " + (report.verdict || "");
    summary.textContent = hyps.length === 0
      ? "No checkable claims found."
      : refuted + " of " + hyps.length + " claim" + (hyps.length === 1 ? "" : "s") + " refuted";
    if (hyps.length)
      summary.append(el("span", "counts", " · " + supported + " supported · " + unverifiable +
                        " unverifiable"));
    renderMarked(report.text !== undefined ? report.text : $("text").value, hyps);
    renderDetail(null);
    renderTable(null);
    $("results").hidden = false;
  }

  function renderMarked(text, hyps) {
    const box = $("marked");
    box.textContent = "";
    const order = hyps.map((h, i) => i).filter((i) => Array.isArray(hyps[i].span))
      .sort((a, b) => hyps[a].span[0] - hyps[b].span[0] || hyps[b].span[1] - hyps[a].span[1]);
    let cursor = 0;
    for (const i of order) {
      const h = hyps[i];
      let [start, end] = h.span;
      if (end <= cursor) continue;           // nested in a claim already marked
      start = Math.max(start, cursor);
      if (start > cursor) box.append(text.slice(cursor, start));
      const span = el("span", "claim " + (h.verdict || "unverifiable"), text.slice(start, end));
      span.tabIndex = 0;
      span.dataset.index = String(i);
      span.setAttribute("role", "button");
      span.setAttribute("aria-label", text.slice(start, end) + ": " + h.verdict +
                        (h.explanation ? ". " + h.explanation : ""));
      box.append(span);
      cursor = end;
    }
    if (cursor < text.length) box.append(text.slice(cursor));
  }

  function activate(index) {
    if (state.active === index) return;
    state.active = index;
    for (const s of document.querySelectorAll(".claim.active")) s.classList.remove("active");
    if (index !== null) {
      const s = document.querySelector('.claim[data-index="' + index + '"]');
      if (s) s.classList.add("active");
    }
    const h = index === null ? null : state.report.hypotheses[index];
    renderDetail(h);
    renderTable(h);
  }

  function linkText(link) {
    if (!link) return null;
    const score = typeof link.score === "number" ? link.score.toFixed(2) : link.score;
    let where = link.column ? " in column “" + link.column + "”" : "";
    if (typeof link.row === "number") where += ", row " + (link.row + 1);
    return "“" + link.mention + "” → “" + link.target + "”" + where +
           " (" + link.method + ", " + score + ")";
  }

  function renderDetail(h) {
    const box = $("detail");
    box.textContent = "";
    if (!h) { box.append(el("p", "muted", "No claim selected.")); return; }
    const head = el("p", "verdict " + h.verdict);
    head.append(el("strong", null, h.verdict), " — " + (h.reason || ""));
    box.append(head);
    box.append(el("p", "explanation", h.explanation || "(no explanation)"));
    const dl = el("dl");
    const add = (term, value) => {
      if (value === null || value === undefined || value === "") return;
      dl.append(el("dt", null, term), el("dd", null, value));
    };
    const loc = h.rule_location ? " (" + String(h.rule_location).split("/").slice(-2).join("/") + ")" : "";
    const kind = h.kind && h.kind !== h.rule ? " · " + h.kind : "";
    add("rule", (h.rule || "?") + kind + loc);
    add("entity", linkText(h.entity));
    add("attribute", linkText(h.attribute));
    add("value", linkText(h.value));
    box.append(dl);
  }

  function renderTable(h) {
    const table = state.table;
    const view = $("table-view");
    view.textContent = "";
    $("table-caption").textContent = table.caption || table.id || "";
    const columns = table.columns;
    const colIndex = new Map(columns.map((c, i) => [c, i]));
    const out = new Set(), used = new Set(), cols = new Set();
    const ev = h ? h.evidence || {} : null;
    if (ev) {
      for (const c of ev.output || []) out.add(c.row + ":" + colIndex.get(c.column));
      for (const c of ev.used || []) used.add(c.row + ":" + colIndex.get(c.column));
      for (const c of ev.columns || []) if (colIndex.has(c)) cols.add(colIndex.get(c));
      for (const c of ev.output || []) if (colIndex.has(c.column)) cols.add(colIndex.get(c.column));
    }

    // which rows to show: all of a small table, else the involved rows plus context
    const n = table.rows.length;
    let shown = null;
    if (n > FULL_TABLE_ROWS) {
      const involved = new Set();
      const sources = h ? [h] : (state.report.hypotheses || []);
      for (const hyp of sources) {
        const e = hyp.evidence || {};
        for (const c of [...(e.output || []), ...(e.used || [])])
          if (typeof c.row === "number") involved.add(c.row);
      }
      if (involved.size === 0) for (let r = 0; r < Math.min(n, FULL_TABLE_ROWS); r++) involved.add(r);
      shown = new Set();
      for (const r of involved)
        for (let k = r - CONTEXT_ROWS; k <= r + CONTEXT_ROWS; k++) if (k >= 0 && k < n) shown.add(k);
    }

    const thead = el("thead"), hr = el("tr");
    hr.append(el("th", "rownum", "#"));
    columns.forEach((c, j) => {
      const th = el("th", cols.has(j) ? "col-lit" : "", c);
      th.scope = "col";
      hr.append(th);
    });
    thead.append(hr);
    const tbody = el("tbody");
    let hidden = 0;
    const flushGap = () => {
      if (!hidden) return;
      const tr = el("tr", "gap");
      const td = el("td", null, "… " + hidden + " row" + (hidden === 1 ? "" : "s") + " not involved");
      td.colSpan = columns.length + 1;
      tr.append(td);
      tbody.append(tr);
      hidden = 0;
    };
    table.rows.forEach((row, r) => {
      if (shown && !shown.has(r)) { hidden += 1; return; }
      flushGap();
      const tr = el("tr");
      tr.dataset.row = String(r);
      tr.append(el("th", "rownum", r + 1));
      columns.forEach((c, j) => {
        const key = r + ":" + j;
        const classes = [];
        if (cols.has(j)) classes.push("col-lit");
        if (out.has(key)) classes.push("cell-output");
        if (used.has(key)) classes.push("cell-used");
        const td = el("td", classes.join(" "), row[j] === undefined ? "" : row[j]);
        td.dataset.col = c;
        tr.append(td);
      });
      tbody.append(tr);
    });
    flushGap();
    view.append(thead, tbody);
    // bring the first lit column into the scrolled table, without scrolling the page
    const lit = view.querySelector("thead th.col-lit");
    const box = view.parentElement;
    if (lit && (lit.offsetLeft < box.scrollLeft ||
                lit.offsetLeft + lit.offsetWidth > box.scrollLeft + box.clientWidth)) {
      box.scrollLeft = Math.max(0, lit.offsetLeft - 48);
    }
  }

  // ---------------------------------------------------------------- wiring

  function claimIndex(target) {
    const span = target && target.closest ? target.closest(".claim[data-index]") : null;
    return span ? Number(span.dataset.index) : null;
  }

  document.addEventListener("DOMContentLoaded", () => {
    const form = $("check-form");
    form.addEventListener("submit", (event) => { event.preventDefault(); runCheck(); });
    form.addEventListener("keydown", (event) => {
      if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        runCheck();
      }
    });
    $("table-source").addEventListener("change", syncSource);
    $("csv-file").addEventListener("change", async (event) => {
      const file = event.target.files && event.target.files[0];
      if (!file) return;
      try { $("csv-text").value = await file.text(); showMessage(""); }
      catch (exc) { showMessage("The file cannot be read: " + exc.message); }
    });
    const marked = $("marked");
    marked.addEventListener("mouseover", (event) => {
      const i = claimIndex(event.target);
      if (i !== null) activate(i);
    });
    marked.addEventListener("focusin", (event) => {
      const i = claimIndex(event.target);
      if (i !== null) activate(i);
    });
    marked.addEventListener("keydown", (event) => {
      if (event.key === "Escape") { activate(null); event.target.blur(); }
    });
    loadCatalogs();
  });
})();
