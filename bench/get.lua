-- GET the URL given to wrk; the one script argument is the status every answer must have.
--   wrk -t2 -c16 -d5s -s bench/get.lua http://127.0.0.1:PORT/games/1 -- 200

local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
dofile(here .. "report.lua")

function init(args)
  expected_status = tonumber(args[1] or "200")
end
