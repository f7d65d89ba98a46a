-- Scorekeepers' taps: POST the entry form, answered 303, then GET the page it leads to.
--   wrk -t16 -c16 -d5s -s bench/tap.lua http://127.0.0.1:PORT -- FILE FIRST
--
-- FILE has one phone a line (written by bench/taps.py): the POST path, the page's path,
-- the session cookie, the CSRF token of the first page, then each tap's form fields,
-- tab-separated; "-" stands for no cookie, or no token (the baseline's page has no form).
-- Run with one connection a thread: thread k takes line FIRST + k - 1, and its POSTs and
-- GETs alternate, each tap posting with the token its previous page carried.
--
-- A tap counts once its page has come; its latency (POST, 303 and GET) is taken here
-- with the monotonic clock, since wrk's own latencies are of single requests. An answer
-- is unexpected when the POST is not a 303, or sets a cookie (a refusal waiting in the
-- session for the page), when the GET is not a 200, or when the page of a phone that
-- keeps score has no form.
--
-- wrk builds one request to check the script right after the first thread's init()
-- and throws it away; the first thread answers that call without moving on.

local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
dofile(here .. "report.lua")

local ffi = require("ffi")
ffi.cdef [[
  typedef struct { long tv_sec; long tv_nsec; } bench_timespec;
  int clock_gettime(int clock_id, bench_timespec *now);
]]
local CLOCK_MONOTONIC = 1
local clock = ffi.new("bench_timespec")

local function now_us()
  ffi.C.clock_gettime(CLOCK_MONOTONIC, clock)
  return tonumber(clock.tv_sec) * 1000000 + tonumber(clock.tv_nsec) / 1000
end

local phone = nil
local posting = true
local taps_sent = 0
local tap_started = 0
local checking_call_pending = false
actions = 0
action_latencies_us = {}

local function split_tabs(line)
  local fields = {}
  for field in string.gmatch(line, "[^\t]+") do
    table.insert(fields, field)
  end
  return fields
end

local function count(what)
  unexpected[what] = (unexpected[what] or 0) + 1
end

function init(args)
  checking_call_pending = thread_number == 1
  local path, first = args[1], tonumber(args[2])
  local wanted, number = first + thread_number - 1, 0
  for line in io.lines(path) do
    number = number + 1
    if number == wanted then
      local fields = split_tabs(line)
      local bodies = {}
      for index = 5, #fields do
        table.insert(bodies, fields[index])
      end
      phone = {
        post_path = fields[1],
        page_path = fields[2],
        cookie = fields[3] ~= "-" and fields[3] or nil,
        token = fields[4] ~= "-" and fields[4] or nil,
        bodies = bodies,
      }
    end
  end
  assert(phone, "no line " .. wanted .. " in " .. path)
end

local function headers(extra)
  local all = extra or {}
  if phone.cookie then
    all["Cookie"] = phone.cookie
  end
  return all
end

local function form_body()
  -- Past the last body, the last again: the app refuses it, and that is counted.
  local body = phone.bodies[taps_sent + 1] or phone.bodies[#phone.bodies]
  if phone.token then
    body = body .. "&csrf_token=" .. phone.token
  end
  return body
end

function request()
  if checking_call_pending then
    checking_call_pending = false
    return wrk.format("GET", phone.page_path, headers())
  end
  if posting then
    tap_started = now_us()
    local extra = { ["Content-Type"] = "application/x-www-form-urlencoded", ["Accept"] = "text/html" }
    return wrk.format("POST", phone.post_path, headers(extra), form_body())
  end
  return wrk.format("GET", phone.page_path, headers({ ["Accept"] = "text/html" }))
end

function response(status, response_headers, body)
  if posting then
    taps_sent = taps_sent + 1
    if status ~= 303 then
      count("POST " .. status)
    elseif response_headers["Set-Cookie"] or response_headers["set-cookie"] then
      count("refused (303 setting a cookie)")
    end
    posting = false
    return
  end
  posting = true
  if status ~= 200 then
    count("GET " .. status)
  elseif phone.token then
    local token = string.match(body, 'name="csrf_token" type="hidden" value="([^"]+)"')
    if token then
      phone.token = token
    else
      count("page without the entry form")
    end
  end
  actions = actions + 1
  table.insert(action_latencies_us, now_us() - tap_started)
end
