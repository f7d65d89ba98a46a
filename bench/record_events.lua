-- Record fresh legal events in many games through POST /api/games/<id>/events.
--   wrk -t2 -c16 -d5s -s bench/record_events.lua http://127.0.0.1:PORT -- FILE FIRST LAST THREADS
--
-- FILE has one game a line: id, edit key, then each entry's JSON, tab-separated (written
-- by bench/event_sequences.py). Lines FIRST..LAST are shared out between the THREADS
-- threads; each thread sends its k-th request to its game k mod G with that game's
-- entry k div G. With G far above the connections, a game's next entry is sent only
-- long after its previous one was answered, so every answer must be 201.
--
-- wrk calls request() once more than it sends: right after the first thread's init(),
-- it builds one request to check its form (script_verify_request in wrk.c) and throws
-- it away. Taken from the walk, that entry was lost, and its game's next entry was
-- answered 409: the one unexpected answer of the earlier runs. So the first thread's
-- first call builds a request without taking an entry.

local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
dofile(here .. "report.lua")

local games = {}
local sent = 0
local checking_call_pending = false

local function split_tabs(line)
  local fields = {}
  for field in string.gmatch(line, "[^\t]+") do
    table.insert(fields, field)
  end
  return fields
end

function init(args)
  checking_call_pending = thread_number == 1
  local path, first, last, thread_count = args[1], tonumber(args[2]), tonumber(args[3]), tonumber(args[4])
  expected_status = 201
  local number = 0
  for line in io.lines(path) do
    number = number + 1
    if number >= first and number <= last and (number - first) % thread_count == thread_number - 1 then
      local fields = split_tabs(line)
      local entries = {}
      for index = 3, #fields do
        table.insert(entries, fields[index])
      end
      table.insert(games, {
        path = "/api/games/" .. fields[1] .. "/events",
        headers = { ["Authorization"] = "Bearer " .. fields[2], ["Content-Type"] = "application/json" },
        entries = entries,
      })
    end
  end
end

function request()
  if checking_call_pending then
    checking_call_pending = false
    return wrk.format("POST", games[1].path, games[1].headers, games[1].entries[1])
  end
  local game = games[(sent % #games) + 1]
  -- Past the last entry the game's answer is a 409, which the report counts.
  local entry = game.entries[math.floor(sent / #games) + 1] or game.entries[#game.entries]
  sent = sent + 1
  return wrk.format("POST", game.path, game.headers, entry)
end
