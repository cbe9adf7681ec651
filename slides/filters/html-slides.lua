--[[ Cuts the document into slides for the HTML build (the beamer writer does
the same by itself). A level-1 heading starts a section slide, a level-2
heading a slide holding everything up to the next heading of level 1 or 2:

    <div class="slide content-slide" id="...">
      <h2>Title</h2>
      <div class="slide-body"> ... </div>
    </div>

Classes on the heading (`## Title {.dense}`) go to the slide. The template adds
the title slide; slides.js shows one slide at a time. ]]

-- Tables size to their contents: pandoc gives the columns of a pipe table
-- with long rows fixed relative widths, which squeezes the first column.
function Table(tbl)
  if not tbl.colspecs then return nil end
  for i, spec in ipairs(tbl.colspecs) do tbl.colspecs[i] = { spec[1], nil } end
  return tbl
end

function Pandoc(doc)
  local slides = {}
  local current = nil

  local function close()
    if current then
      local blocks = { current.header, pandoc.Div(current.body, pandoc.Attr('', { 'slide-body' })) }
      table.insert(slides, pandoc.Div(blocks, pandoc.Attr(current.id, current.classes)))
    end
  end

  for _, block in ipairs(doc.blocks) do
    if block.t == 'Header' and block.level <= 2 then
      close()
      local classes = { 'slide', block.level == 1 and 'section-slide' or 'content-slide' }
      for _, class in ipairs(block.classes) do table.insert(classes, class) end
      local id = block.identifier
      local header = pandoc.Header(block.level, block.content)
      current = { id = id, classes = classes, header = header, body = {} }
    elseif current then
      table.insert(current.body, block)
    elseif block.t ~= 'Null' then
      error('\n' .. (PANDOC_STATE.input_files[1] or 'deck') ..
            ': there is text before the first slide heading ("# Section" or "## Slide")\n', 0)
    end
  end
  close()
  doc.blocks = slides
  return doc
end
