#!/bin/bash
# Device call 14 (issue 37): the landed tree's lab 02 on the H200: `lab tune 02 --solution --save` over the
# extension's defines, then `lab run 02 --solution` times at the saved entry.
cd "$(dirname "$0")"; source ./setup.sh
timeout 100 lab tune 02 --solution --values TILE_SIZE=64 --values ROWS_PER_ITEM=16,32 --values VECTOR_MOVES=1 \
   --values BAND_COLUMNS=0,4 --top 4 --recheck 4 --save 2>&1 | tail -14
tail -6 tree/labs/02-transpose-local/tuned.toml
timeout 60 lab run 02 --solution 2>&1 | grep -v " ok$" | tail -8
