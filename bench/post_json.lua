-- POST the same JSON body to the URL given to wrk, for the baseline's insert.
--   wrk -t2 -c16 -d5s -s bench/post_json.lua http://127.0.0.1:PORT/insert -- '{"a": 1}' 201

local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
dofile(here .. "report.lua")

function init(args)
  wrk.method = "POST"
  wrk.body = args[1]
  wrk.headers["Content-Type"] = "application/json"
  expected_status = tonumber(args[2] or "201")
end
