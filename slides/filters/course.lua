--[[ The course's pandoc filter: code and figures that cannot go stale.

Used for every output format (HTML and beamer). It does four things, and any
problem stops the build with a message naming the deck and the block:

1. Code blocks with an `include` attribute are replaced by the named region of
   a kernel file (paths relative to the course root):

       ```{include="solutions/04-matmul-tiled/matmul.cl" region="load"}
       ```

   A region is delimited in the kernel file by two marker lines,

       // slide: load
       ...
       // end slide: load

   Marker lines are never shown (regions may nest and overlap). Every marker
   of an included file is validated: a region opened twice, closed without
   being opened, or never closed fails the build, as do a missing file and an
   unknown region. Without `region`, the whole file is shown. The common
   indentation of the region is removed. With metadata slides-solutions false
   (meson -Dslides_solutions=false, the student edition's default) or no
   solutions/ folder, an include from solutions/ becomes a box that says so.

2. Every code block, included or written in the deck, must fit a 1280×720
   slide: at most MAX_LINES (18) lines of at most MAX_COLUMNS (92) characters,
   or COLUMN_MAX (44) inside a `::: column` of a two-column slide, and no tabs.
   The block gets a class that sets its font size (see slides.css): the
   largest that fits its widest line and its line count, or the author's
   `.code-m` / `.code-s` when that is smaller.

3. Benchmark figures: a code block with class `bench` (a table) or
   `bench-chart` (a bar chart in HTML, a table elsewhere) reads the rows of a
   results file written by `lab bench --markdown`:

       ```{.bench file="docs/results/pocl.md" lab="03,04" size="512"}
       ```

   Attributes select rows: `lab` (comma list; "-" selects the device-limit
   rows), `what` and `size` (case-insensitive substrings, `a|b` for either,
   `-` for an empty cell),
   `columns` (which columns to show, comma-separated). The device line
   of the file becomes the caption. No matching row fails the build.

   `file` may name several results files, separated by spaces, to show two
   devices side by side: a table gets one row per distinct lab/what/size
   (the chosen columns that are not figures) and each file's figures (by
   default its rates) in columns headed with its name ("H100 rate"); a
   chart gets a bar per file for each row, later files lighter, each bar
   with its own file's limit as a dashed mark. A file's name is its device's first word without the vendor
   ("NVIDIA H100 80GB HBM3" gives "H100"), or `names="A,B"`. Every file's
   device line goes into the caption.

4. Deck structure: the last slide is "Questions ...", and a deck whose
   metadata names a `lab` has a "Lab NN ..." slide just before it.

It also records every file it reads, and with `-M depfile=PATH` writes a
Makefile-style dependency file so ninja rebuilds a deck when a kernel changes.
]]

local MAX_LINES = 18
local MAX_COLUMNS = 92
-- font-size classes by longest line; slides.css sizes them (22, 20, 18 px)
local SIZE_CLASSES = { { 76, 'code-l' }, { 84, 'code-m' }, { MAX_COLUMNS, 'code-s' } }
-- inside one column of a two-column slide (::: column), half the width
local COLUMN_MAX = 44
local COLUMN_SIZE_CLASSES = { { 36, 'code-l' }, { 40, 'code-m' }, { COLUMN_MAX, 'code-s' } }
-- and by height: 18 lines fit a slide with its title only at 18 px
local HEIGHT_CLASSES = { { 14, 'code-l' }, { 16, 'code-m' }, { MAX_LINES, 'code-s' } }
local RANK = { ['code-s'] = 1, ['code-m'] = 2, ['code-l'] = 3 }
-- the same classes in beamer's 16:9 frames (160 mm wide)
local LATEX_SIZES = { ['code-s'] = '\\scriptsize', ['code-m'] = '\\footnotesize', ['code-l'] = '\\footnotesize' }

local stringify = pandoc.utils.stringify

local root = nil         -- course root, with a trailing slash
local deck = 'deck'      -- input file, for messages
local depfile = nil
local deps = {}          -- files read, in order
local dep_seen = {}
local lab = nil          -- the lab this deck leads to ("04"), from metadata
local show_solutions = true  -- metadata slides-solutions (meson -Dslides_solutions)

local function fail(message)
  error('\n' .. deck .. ': ' .. message .. '\n', 0)
end

local function dirname(path)
  local dir = path:match('^(.*)/[^/]*$')
  if dir == nil then return '.' end
  if dir == '' then return '/' end
  return dir
end

local function is_html()
  return FORMAT:match('html') ~= nil
end

local function add_dep(path)
  if not dep_seen[path] then
    dep_seen[path] = true
    table.insert(deps, path)
  end
end

local function file_exists(path)
  local f = io.open(path, 'rb')
  if f then f:close() return true end
  return false
end

local function is_dir(path)
  -- io.open on a directory succeeds on Linux, reading it fails
  local f = io.open(path, 'rb')
  if not f then return false end
  local _, err, code = f:read(1)
  f:close()
  return code == 21   -- EISDIR
end

local function read_file(relative, what)
  local full = root .. relative
  local f = io.open(full, 'rb')
  if not f then fail(what .. ' "' .. relative .. '" does not exist (looked for ' .. full .. ')') end
  local text = f:read('a')
  f:close()
  if text == nil then fail(what .. ' "' .. relative .. '" cannot be read') end
  add_dep(full)
  return text
end

local function split_lines(text)
  local lines = {}
  text = text:gsub('\r\n', '\n')
  if text:sub(-1) ~= '\n' then text = text .. '\n' end
  for line in text:gmatch('([^\n]*)\n') do table.insert(lines, line) end
  return lines
end

local function trim(s)
  return (s:gsub('^%s+', ''):gsub('%s+$', ''))
end

-- 1. Regions -----------------------------------------------------------------

local OPEN = '^%s*//%s*slide:%s*([%w_%-]+)%s*$'
local CLOSE = '^%s*//%s*end slide:%s*([%w_%-]+)%s*$'
local LOOKS_LIKE_MARKER = '^%s*//%s*[Ee]nd[%s%-_]*[Ss]lides?%s*:' -- typos of either form
local LOOKS_LIKE_OPEN = '^%s*//%s*[Ss]lides?%s*:'

-- Parses every marker of a file: name -> {first, last} (line numbers of the
-- region's content), plus the set of marker lines.
local function parse_regions(path, lines)
  local regions, open, markers = {}, {}, {}
  for n, line in ipairs(lines) do
    local opened = line:match(OPEN)
    local closed = line:match(CLOSE)
    if opened then
      if regions[opened] or open[opened] then
        fail(path .. ':' .. n .. ': region "' .. opened .. '" is opened a second time (names must be unique in a file)')
      end
      open[opened] = n
      markers[n] = true
    elseif closed then
      if not open[closed] then
        fail(path .. ':' .. n .. ': "// end slide: ' .. closed .. '" closes a region that is not open')
      end
      if n == open[closed] + 1 then
        fail(path .. ':' .. n .. ': region "' .. closed .. '" is empty')
      end
      regions[closed] = { first = open[closed] + 1, last = n - 1 }
      open[closed] = nil
      markers[n] = true
    elseif line:match(LOOKS_LIKE_MARKER) or line:match(LOOKS_LIKE_OPEN) then
      fail(path .. ':' .. n .. ': malformed marker "' .. trim(line) ..
           '" (write "// slide: NAME" and "// end slide: NAME", NAME of letters, digits, - and _)')
    end
  end
  for name, n in pairs(open) do
    fail(path .. ':' .. n .. ': region "' .. name .. '" is never closed (add "// end slide: ' .. name .. '")')
  end
  return regions, markers
end

local function dedent(lines)
  local common = nil
  for _, line in ipairs(lines) do
    if line:match('%S') then
      local indent = #line:match('^( *)')
      if common == nil or indent < common then common = indent end
    end
  end
  common = common or 0
  local out = {}
  for _, line in ipairs(lines) do
    if line:match('%S') then table.insert(out, line:sub(common + 1)) else table.insert(out, '') end
  end
  -- no blank lines at either end
  while #out > 0 and out[1] == '' do table.remove(out, 1) end
  while #out > 0 and out[#out] == '' do table.remove(out) end
  return out
end

-- Returns the region's text and a label "path, lines a–b", or nil when the
-- file is a solution and this is the student edition.
local function resolve_include(path, region)
  if path:match('^/') or path:match('%.%.') then
    fail('include="' .. path .. '": give a path inside the course, relative to its root')
  end
  if path:match('^solutions/') and (not show_solutions or not is_dir(root .. 'solutions')) then
    return nil
  end
  local lines = split_lines(read_file(path, 'included file'))
  local regions, markers = parse_regions(path, lines)
  local first, last = 1, #lines
  if region then
    local r = regions[region]
    if not r then
      local known = {}
      for name in pairs(regions) do table.insert(known, name) end
      table.sort(known)
      fail('include="' .. path .. '" region="' .. region .. '": no such region (the file has: ' ..
           (#known > 0 and table.concat(known, ', ') or 'no markers') .. ')')
    end
    first, last = r.first, r.last
  end
  local body = {}
  for n = first, last do
    if not markers[n] then table.insert(body, lines[n]) end
  end
  body = dedent(body)
  if #body == 0 then fail('include="' .. path .. '"' .. (region and (' region="' .. region .. '"') or '') .. ' is empty') end
  local label = path .. (first == last and (', line ' .. first) or (', lines ' .. first .. '–' .. last))
  return table.concat(body, '\n'), label
end

-- 2. Limits --------------------------------------------------------------------

local function check_limits(text, where, narrow)
  local max_columns = narrow and COLUMN_MAX or MAX_COLUMNS
  local lines = split_lines(text)
  if #lines > MAX_LINES then
    fail(where .. ': ' .. #lines .. ' lines; a code block may have at most ' .. MAX_LINES ..
         ' to fit a 1280×720 slide (choose a smaller region, or split it over two slides)')
  end
  local widest = 0
  for n, line in ipairs(lines) do
    if line:find('\t', 1, true) then fail(where .. ': line ' .. n .. ' contains a tab; use spaces') end
    local width = utf8.len(line)
    if width == nil then fail(where .. ': line ' .. n .. ' is not valid UTF-8') end
    if width > max_columns then
      fail(where .. ': line ' .. n .. ' is ' .. width .. ' characters wide; at most ' .. max_columns ..
           (narrow and ' fit one column of a two-column slide:\n    ' or ' fit a 1280×720 slide:\n    ') .. line)
    end
    if width > widest then widest = width end
  end
  local by_width, by_height
  for _, entry in ipairs(narrow and COLUMN_SIZE_CLASSES or SIZE_CLASSES) do
    if widest <= entry[1] then by_width = entry[2] break end
  end
  for _, entry in ipairs(HEIGHT_CLASSES) do
    if #lines <= entry[1] then by_height = entry[2] break end
  end
  return RANK[by_width] < RANK[by_height] and by_width or by_height
end

local function describe(cb)
  local first = split_lines(cb.text)[1] or ''
  return 'code block "' .. first:sub(1, 40) .. '"'
end

-- 3. Benchmark results ----------------------------------------------------------

local function cells(line)
  local out = {}
  local inner = trim(line):gsub('^|', ''):gsub('|$', '')
  for cell in (inner .. '|'):gmatch('([^|]*)|') do table.insert(out, trim(cell)) end
  return out
end

local results_cache = {}

local function read_results(path)
  if results_cache[path] then return results_cache[path] end
  local lines = split_lines(read_file(path, 'results file'))
  local device = nil
  local header, rows = nil, {}
  for _, line in ipairs(lines) do
    if not device and line:match('^Device:') then
      device = trim(line)
    elseif line:match('^%s*|') then
      local c = cells(line)
      if not header then
        header = c
      elseif not line:match('^%s*|%s*:?%-') then
        table.insert(rows, c)
      end
    end
  end
  if not device then fail(path .. ': no "Device: ..." line (is it a file written by `lab bench --markdown`?)') end
  if not header then fail(path .. ': no table') end
  local index = {}
  for i, name in ipairs(header) do index[name] = i end
  for _, name in ipairs({ 'lab', 'what', 'size', 'time', 'rate', 'share of limit' }) do
    if not index[name] then fail(path .. ': the table has no column "' .. name .. '"') end
  end
  local results = { device = device, header = header, index = index, rows = rows, path = path }
  results_cache[path] = results
  return results
end

local function select_rows(results, cb)
  local labs = nil
  if cb.attributes['lab'] then
    labs = {}
    for l in cb.attributes['lab']:gmatch('[^,%s]+') do
      if l == '-' then l = '–' end
      labs[l] = true
    end
  end
  -- what= and size= are case-insensitive substrings; "a|b" matches either
  local function matcher(attribute)
    local value = cb.attributes[attribute]
    if not value then return nil end
    local options = {}
    for option in value:lower():gmatch('[^|]+') do table.insert(options, trim(option)) end
    return function(cell)
      cell = cell:lower()
      for _, option in ipairs(options) do
        if option == '-' then   -- "-" matches an empty cell
          if cell == '' then return true end
        elseif cell:find(option, 1, true) then
          return true
        end
      end
      return false
    end
  end
  local what, size = matcher('what'), matcher('size')
  local picked = {}
  for _, row in ipairs(results.rows) do
    local ok = true
    if labs and not labs[row[results.index['lab']]] then ok = false end
    if ok and what and not what(row[results.index['what']]) then ok = false end
    if ok and size and not size(row[results.index['size']]) then ok = false end
    if ok then table.insert(picked, row) end
  end
  if #picked == 0 then
    local attrs = {}
    for _, k in ipairs({ 'lab', 'what', 'size' }) do
      if cb.attributes[k] then table.insert(attrs, k .. '="' .. cb.attributes[k] .. '"') end
    end
    fail(results.path .. ': no row matches ' .. table.concat(attrs, ' '))
  end
  return picked
end

local function caption_text(results)
  return results.device .. ' Source: ' .. results.path .. ', written by `lab bench --markdown`.'
end

local function escape_md(s)
  return (s:gsub('([\\`*_%[%]<>|$])', '\\%1'))
end

-- "Device: NVIDIA CUDA / NVIDIA H100 80GB HBM3 (GPU), ..." -> "H100": the device's name
-- after the platform, without its vendor, first word.
local function short_name(results)
  local name = results.device:match('^Device:%s*[^/]-/%s*(.-)%s*%(') or results.device:match('^Device:%s*(.-)%s*%(') or '?'
  name = name:gsub('^NVIDIA%s+', ''):gsub('^AMD%s+', ''):gsub('^Intel%(R%)%s+', '')
  return name:match('^(%S+)') or name
end

-- The results files of a block: file="a.md", or several separated by spaces (the same rows of
-- each, side by side). names="A,B" names them; by default each is its device's short name.
local function read_all(cb, kind)
  local spec = cb.attributes['file'] or fail('a ' .. kind .. ' block needs file="docs/results/....md"')
  local list = {}
  for path in spec:gmatch('%S+') do table.insert(list, read_results(path)) end
  if #list == 0 then fail('a ' .. kind .. ' block needs file="docs/results/....md"') end
  local names = {}
  if cb.attributes['names'] then
    for name in cb.attributes['names']:gmatch('[^,]+') do table.insert(names, trim(name)) end
    if #names ~= #list then
      fail(kind .. ': names="' .. cb.attributes['names'] .. '" gives ' .. #names .. ' names for ' .. #list .. ' files')
    end
  end
  for i, results in ipairs(list) do results.short = names[i] or short_name(results) end
  return list
end

local function caption_blocks(list)
  local blocks = {}
  for _, results in ipairs(list) do
    local text = escape_md(caption_text(results)):gsub('\\`', '`')
    if #list > 1 then text = '**' .. escape_md(results.short) .. '**: ' .. text end
    for _, block in ipairs(pandoc.read(text, 'markdown').blocks) do table.insert(blocks, block) end
  end
  return blocks
end

local VALUE_COLUMNS = { time = true, spread = true, rate = true, ['share of limit'] = true }

local function chosen_columns(cb, list)
  local columns = {}
  if cb.attributes['columns'] then
    for name in cb.attributes['columns']:gmatch('[^,]+') do
      name = trim(name)
      for _, results in ipairs(list) do
        if not results.index[name] then fail(results.path .. ': no column "' .. name .. '"') end
      end
      table.insert(columns, name)
    end
  elseif #list == 1 then
    columns = { 'lab', 'what', 'size', 'time', 'rate', 'share of limit' }
  else   -- each file's figures take columns of their own: the rates only, unless asked
    columns = { 'lab', 'what', 'size', 'rate' }
  end
  return columns
end

-- One file: its selected rows. Several: one row per distinct key (the chosen columns that are
-- not figures), the figures of each file side by side, "–" where a file has no such row.
local function table_cells(cb, list, columns)
  local right = { time = true, rate = true }
  if #list == 1 then
    local results, out = list[1], {}
    for _, row in ipairs(select_rows(results, cb)) do
      local cells_out = {}
      for _, name in ipairs(columns) do table.insert(cells_out, row[results.index[name]]) end
      table.insert(out, cells_out)
    end
    local aligns = {}
    for _, name in ipairs(columns) do table.insert(aligns, right[name] or false) end
    return columns, aligns, out
  end
  local keys, values = {}, {}
  for _, name in ipairs(columns) do
    table.insert(VALUE_COLUMNS[name] and values or keys, name)
  end
  if #values == 0 then fail('a bench table of several files needs a column of figures (time, rate, share of limit)') end
  local found, order = {}, {}
  for f, results in ipairs(list) do
    for _, row in ipairs(select_rows(results, cb)) do
      local parts = {}
      for _, name in ipairs(keys) do table.insert(parts, row[results.index[name]]) end
      local key = table.concat(parts, '\1')
      if not found[key] then
        found[key] = { parts = parts, by_file = {} }
        table.insert(order, key)
      end
      if found[key].by_file[f] then
        fail(results.path .. ': two rows are "' .. table.concat(parts, ', ') .. '": add a column that tells them apart')
      end
      local figures = {}
      for _, name in ipairs(values) do table.insert(figures, row[results.index[name]]) end
      found[key].by_file[f] = figures
    end
  end
  local head, aligns = {}, {}
  for _, name in ipairs(keys) do table.insert(head, name); table.insert(aligns, false) end
  for _, results in ipairs(list) do
    for _, name in ipairs(values) do
      table.insert(head, results.short .. ' ' .. name)
      table.insert(aligns, right[name] or false)
    end
  end
  local out = {}
  for _, key in ipairs(order) do
    local row = {}
    for _, part in ipairs(found[key].parts) do table.insert(row, part) end
    for f = 1, #list do
      for i = 1, #values do table.insert(row, found[key].by_file[f] and found[key].by_file[f][i] or '–') end
    end
    table.insert(out, row)
  end
  return head, aligns, out
end

local function bench_table(cb)
  local list = read_all(cb, 'bench')
  local head, aligns, rows = table_cells(cb, list, chosen_columns(cb, list))
  local md = {}
  local head_md, rule = {}, {}
  for i, name in ipairs(head) do
    table.insert(head_md, escape_md(name))
    table.insert(rule, aligns[i] and '---:' or '---')
  end
  table.insert(md, '| ' .. table.concat(head_md, ' | ') .. ' |')
  table.insert(md, '|' .. table.concat(rule, '|') .. '|')
  for _, row in ipairs(rows) do
    local out = {}
    for _, cell in ipairs(row) do table.insert(out, escape_md(cell)) end
    table.insert(md, '| ' .. table.concat(out, ' | ') .. ' |')
  end
  local blocks = pandoc.read(table.concat(md, '\n') .. '\n', 'markdown').blocks
  -- long rows make pandoc give the columns fixed relative widths; let the
  -- browser size them to their contents instead
  for _, block in ipairs(blocks) do
    if block.t == 'Table' and block.colspecs then
      for i, spec in ipairs(block.colspecs) do block.colspecs[i] = { spec[1], nil } end
    end
  end
  local caption = caption_blocks(list)
  if not is_html() then
    return { pandoc.RawBlock('latex', '{\\footnotesize'), pandoc.Div(blocks), pandoc.RawBlock('latex', '\\par}'),
             pandoc.RawBlock('latex', '{\\tiny'), pandoc.Div(caption), pandoc.RawBlock('latex', '\\par}') }
  end
  local out = { pandoc.Div(blocks, pandoc.Attr('', { 'bench-table' })) }
  table.insert(out, pandoc.Div(caption, pandoc.Attr('', { 'bench-source' })))
  return out
end

local function svg_escape(s)
  return (s:gsub('&', '&amp;'):gsub('<', '&lt;'):gsub('>', '&gt;'))
end

-- The bars of a chart: one per selected row, or with several files one per row and file,
-- a row's bars together, in the files' order.
local function chart_bars(cb, list)
  local entries, sizes, same_size, unit = {}, {}, true, nil
  for f, results in ipairs(list) do
    for _, row in ipairs(select_rows(results, cb)) do
      local size = row[results.index['size']]
      if #sizes > 0 and size ~= sizes[1] then same_size = false end
      table.insert(sizes, size)
      local rate = row[results.index['rate']]
      local value, u = rate:match('^([%d%.]+)%s+(%S+)$')
      if not value then fail(results.path .. ': rate "' .. rate .. '" is not a number with a unit') end
      if unit and u ~= unit then fail(results.path .. ': a chart mixes ' .. unit .. ' and ' .. u) end
      unit = u
      local lab_name = row[results.index['lab']]
      local is_lab = lab_name ~= '–'
      local label = is_lab and ('lab ' .. lab_name) or (row[results.index['what']]:gsub('%s*%(.*%)', ''))
      table.insert(entries, { label = label, size = size, value = tonumber(value), text = rate, is_lab = is_lab,
                              file = f })
    end
  end
  local groups, by_label = {}, {}
  for _, e in ipairs(entries) do
    if not same_size then e.label = e.label .. ', ' .. e.size end
    if not by_label[e.label] then
      by_label[e.label] = {}
      table.insert(groups, e.label)
    end
    table.insert(by_label[e.label], e)
  end
  local bars = {}
  for g, label in ipairs(groups) do
    table.sort(by_label[label], function(a, b) return a.file < b.file end)
    for _, e in ipairs(by_label[label]) do
      e.group = g
      if #list > 1 then e.label = e.label .. ', ' .. list[e.file].short end
      table.insert(bars, e)
    end
  end
  return bars, unit, same_size and sizes[1] or nil
end

local function chart_limit(results, unit)
  if unit == 'GFLOP/s' then
    return 'FMA peak', tonumber(results.device:match('FMA peak ([%d%.]+) GFLOP/s'))
  elseif unit == 'GB/s' then
    return 'copy', tonumber(results.device:match('copy ([%d%.]+) GB/s'))
  end
  return nil, nil
end

-- A horizontal bar chart of the selected rows' rates, with the device's limit
-- (FMA peak for GFLOP/s, copy bandwidth for GB/s) as a dashed line. Labs are
-- blue bars, the other rows (libraries, limits) grey. With several files each
-- row has a bar per file (the later files lighter), and each bar its own
-- file's limit as a dashed mark.
local function bench_chart(cb)
  if not is_html() then return bench_table(cb) end
  local list = read_all(cb, 'bench-chart')
  local multi = #list > 1
  local bars, unit, size = chart_bars(cb, list)
  local limit_name, limits = nil, {}
  for f, results in ipairs(list) do limit_name, limits[f] = chart_limit(results, unit) end
  local max, longest = 0, 0
  for _, limit in pairs(limits) do max = math.max(max, limit) end
  for _, b in ipairs(bars) do
    max = math.max(max, b.value)
    longest = math.max(longest, utf8.len(b.label))
  end
  local width, bar_h, gap, group_gap = 1100, 30, 12, 0
  if multi then bar_h, gap, group_gap = 22, 3, 11 end
  local top = size and 34 or 10
  local label_w = math.min(460, 24 + math.ceil(longest * 12))
  local plot_w = width - label_w - 170
  local ys, y = {}, top
  for i, b in ipairs(bars) do
    if i > 1 then y = y + bar_h + gap + (b.group ~= bars[i - 1].group and group_gap or 0) end
    ys[i] = y
  end
  local axis_end = y + bar_h + 4
  local bottom = multi and axis_end or y + bar_h + gap
  local height = bottom + (multi and 30 or 34)
  local text_y = math.floor(bar_h / 2 + 6.5)
  local colours = { lab = { '#3a6fb0', '#8fb3de' }, other = { '#9aa5b5', '#cdd3dc' } }
  local svg = {}
  table.insert(svg, string.format('<svg class="bench-chart" xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="%d">', width, height, width, height, multi and 17 or 18))
  if size then
    table.insert(svg, string.format('<text x="%d" y="20" fill="#5a6475" font-size="16">%s at %s (longer is faster)</text>', label_w, unit, svg_escape(size)))
  end
  table.insert(svg, string.format('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#9aa5b5" stroke-width="1.5"/>', label_w, top - 4, label_w, axis_end))
  for i, b in ipairs(bars) do
    local w = math.max(2, plot_w * b.value / max)
    local shades = b.is_lab and colours.lab or colours.other
    table.insert(svg, string.format('<text x="%d" y="%d" text-anchor="end" fill="#1d2433">%s</text>', label_w - 12, ys[i] + text_y, svg_escape(b.label)))
    table.insert(svg, string.format('<rect x="%d" y="%d" width="%.1f" height="%d" rx="3" fill="%s"/>', label_w, ys[i], w, bar_h, shades[(b.file - 1) % #shades + 1]))
    if multi and limits[b.file] then
      local x = label_w + plot_w * limits[b.file] / max
      table.insert(svg, string.format('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#c0392b" stroke-width="2" stroke-dasharray="4 3"/>', x, ys[i] - 1, x, ys[i] + bar_h + 1))
    end
    if multi then   -- the limit marks may cross the figure: a white box behind it keeps it readable
      table.insert(svg, string.format('<rect x="%.1f" y="%d" width="%.1f" height="%d" fill="#ffffff"/>', label_w + w + 5, ys[i], utf8.len(b.text) * 10.5 + 6, bar_h))
    end
    table.insert(svg, string.format('<text x="%.1f" y="%d" fill="#1d2433">%s</text>', label_w + w + 8, ys[i] + text_y, svg_escape(b.text)))
  end
  if limit_name and not multi and limits[1] then
    local x = label_w + plot_w * limits[1] / max
    table.insert(svg, string.format('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#c0392b" stroke-width="2" stroke-dasharray="6 5"/>', x, top - 6, x, bottom))
    table.insert(svg, string.format('<text x="%.1f" y="%d" text-anchor="middle" fill="#c0392b">%s %s %s</text>', x, bottom + 22, limit_name, tostring(limits[1]), unit))
  elseif limit_name and multi then
    local parts = {}
    for f, results in ipairs(list) do
      if limits[f] then table.insert(parts, results.short .. ' ' .. tostring(limits[f])) end
    end
    table.insert(svg, string.format('<text x="%d" y="%d" fill="#c0392b">dashed: %s, %s %s</text>', label_w, bottom + 22, limit_name, svg_escape(table.concat(parts, ', ')), unit))
  end
  table.insert(svg, '</svg>')
  return { pandoc.RawBlock('html', '<div class="bench-chart">' .. table.concat(svg) .. '</div>'),
           pandoc.Div(caption_blocks(list), pandoc.Attr('', { 'bench-source' })) }
end

-- The code-block handler -----------------------------------------------------------

local function code_block(cb, narrow)
  if cb.attributes['fits'] then return nil end   -- done already, inside a column
  if cb.classes:includes('bench') then return bench_table(cb) end
  if cb.classes:includes('bench-chart') then return bench_chart(cb) end

  local label = nil
  local where = describe(cb)
  local path = cb.attributes['include']
  if path then
    local region = cb.attributes['region']
    where = 'include="' .. path .. '"' .. (region and (' region="' .. region .. '"') or '')
    if cb.text:match('%S') then fail(where .. ': an include block must be empty (its text comes from the file)') end
    local text
    text, label = resolve_include(path, region)
    if text == nil then
      local which = path:match('^solutions/(%d%d)%-') or ''
      local note = pandoc.Para({ pandoc.Str("The code of lab " .. which .. "'s solution goes here. These " ..
                                 "slides are built without solution code; your instructor shows it after the lab.") })
      return pandoc.Div({ note }, pandoc.Attr('', { 'solution-placeholder' }))
    end
    cb.text = text
    cb.attributes['include'] = nil
    cb.attributes['region'] = nil
    if #cb.classes == 0 and path:match('%.cl$') then cb.classes:insert('opencl') end
  elseif cb.attributes['region'] then
    fail(where .. ': region= needs include=')
  end
  local size = check_limits(cb.text, where, narrow)
  local chosen = nil   -- the author may ask for a smaller size
  for i = #cb.classes, 1, -1 do
    if RANK[cb.classes[i]] then
      chosen = cb.classes[i]
      cb.classes:remove(i)
    end
  end
  if chosen and RANK[chosen] < RANK[size] then size = chosen end
  cb.classes:insert(size)
  if narrow then cb.attributes['fits'] = 'column' end
  if is_html() then
    if not label then return cb end
    local source = pandoc.Div({ pandoc.Plain({ pandoc.Code(label) }) }, pandoc.Attr('', { 'code-source' }))
    return pandoc.Div({ cb, source }, pandoc.Attr('', { 'included-code' }))
  end
  -- LaTeX (beamer): the same size classes as font sizes, the label small and right
  local out = { pandoc.RawBlock('latex', '\\begingroup\\fvset{fontsize=' .. LATEX_SIZES[size] .. '}'), cb }
  if label then
    table.insert(out, pandoc.Para({ pandoc.RawInline('latex', '\\vspace{-0.8em}\\hfill{\\tiny '),
                                    pandoc.Code(label), pandoc.RawInline('latex', '}') }))
  end
  table.insert(out, pandoc.RawBlock('latex', '\\endgroup'))
  return out
end

local function image(img)
  local src = img.src
  if not src:match('^[%w+.-]+:') then
    local full = root .. 'slides/' .. src
    if not file_exists(full) then fail('image "' .. src .. '" does not exist (looked for ' .. full .. ')') end
    add_dep(full)
  end
  return nil
end

-- 4. Deck structure -----------------------------------------------------------------

local function check_structure(doc)
  local titles = {}
  for _, block in ipairs(doc.blocks) do
    if block.t == 'Header' and block.level <= 2 then table.insert(titles, stringify(block.content)) end
  end
  if #titles == 0 then fail('no slides (a slide starts with "## Title")') end
  if not titles[#titles]:match('^Questions') then
    fail('the last slide is "' .. titles[#titles] .. '"; every deck ends with "Questions ..."')
  end
  if lab then
    local before = titles[#titles - 1] or ''
    if not before:match('^Lab ' .. lab .. '%f[%D]') then
      fail('metadata says this deck leads to lab ' .. lab .. ', so the slide before the questions must be "Lab ' ..
           lab .. ': ..." (it is "' .. before .. '")')
    end
  end
end

local function write_depfile()
  if not depfile then return end
  local target = PANDOC_STATE.output_file or fail('-M depfile needs an output file (-o)')
  local function esc(p) return (p:gsub(' ', '\\ ')) end
  local escaped = {}
  for _, p in ipairs(deps) do table.insert(escaped, esc(p)) end
  local f = io.open(depfile, 'w') or fail('cannot write the dependency file ' .. depfile)
  f:write(esc(target) .. ': ' .. table.concat(escaped, ' \\\n  ') .. '\n')
  f:close()
end

local function meta(m)
  deck = PANDOC_STATE.input_files[1] or 'stdin'
  if m['course-root'] then
    root = stringify(m['course-root'])
  else
    root = dirname(dirname(deck))   -- decks live in <root>/slides/
  end
  if root:sub(-1) ~= '/' then root = root .. '/' end
  if m['depfile'] then depfile = stringify(m['depfile']) end
  local solutions = m['slides-solutions']   -- -M slides-solutions:false arrives as a Lua boolean
  if type(solutions) == 'boolean' then
    show_solutions = solutions
  elseif solutions ~= nil then
    local value = stringify(solutions)
    if value ~= 'true' and value ~= 'false' then
      fail('metadata slides-solutions: "' .. value .. '" is neither true nor false')
    end
    show_solutions = value == 'true'
  end
  if m['lab'] then
    lab = stringify(m['lab'])
    if not lab:match('^%d%d$') then fail('metadata lab: "' .. lab .. '" is not a two-digit lab number') end
  end
  add_dep(deck)
  if not is_html() then
    -- beamer's title page shows institute and date: the course and the lecture
    if m['course'] then m['institute'] = m['course'] end
    if m['lecture'] then
      m['date'] = 'Lecture ' .. stringify(m['lecture']) .. (lab and (' · leads to lab ' .. lab) or '')
    end
    return m
  end
  return nil
end

-- code blocks in a column first, with the narrower limit; in beamer, the
-- callout boxes of the HTML (key, pitfall, aside) become blocks
local BEAMER_BOXES = { key = 'block', pitfall = 'alertblock', aside = 'exampleblock' }
local function column(div)
  if div.classes:includes('column') then
    local narrow = { CodeBlock = function(cb) return code_block(cb, true) end }
    if div.walk then return div:walk(narrow) end   -- pandoc 2.17 and later
    return pandoc.walk_block(div, narrow)
  end
  if not is_html() then
    for class, env in pairs(BEAMER_BOXES) do
      if div.classes:includes(class) then
        local content = pandoc.List({ pandoc.RawBlock('latex', '\\begin{' .. env .. '}{}') })
        content:extend(div.content)
        content:insert(pandoc.RawBlock('latex', '\\end{' .. env .. '}'))
        return content
      end
    end
  end
  return nil
end

return {
  { Meta = meta },
  { Div = column },
  { CodeBlock = function(cb) return code_block(cb, false) end, Image = image },
  { Pandoc = function(doc) check_structure(doc); write_depfile(); return nil end },
}
