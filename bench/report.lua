-- Shared by the bench scripts (loaded with dofile). Each thread counts the answers
-- whose status is not the expected one; done() prints one line of JSON that
-- bench/load_results.py parses: "wrk-report {...}". Its "requests" are requests, or
-- the actions of a script that counts its own (taps).

local threads = {}

expected_status = 200
unexpected = {}

function setup(thread)
  table.insert(threads, thread)
  thread:set("thread_number", #threads)
end

function response(status, headers, body)
  if status ~= expected_status then
    local key = tostring(status)
    unexpected[key] = (unexpected[key] or 0) + 1
  end
end

local function unexpected_json()
  local totals = {}
  for _, thread in ipairs(threads) do
    for status, count in pairs(thread:get("unexpected") or {}) do
      totals[status] = (totals[status] or 0) + count
    end
  end
  local parts = {}
  for status, count in pairs(totals) do
    table.insert(parts, string.format('"%s": %d', status, count))
  end
  return "{" .. table.concat(parts, ", ") .. "}"
end

-- A script whose unit is an action of several requests (bench/tap.lua) counts them in
-- the globals "actions" and "action_latencies_us"; then those are reported instead.
local function nearest_rank(sorted, percent)
  if #sorted == 0 then
    return 0
  end
  return sorted[math.max(1, math.ceil(percent / 100 * #sorted))]
end

local function actions_of_threads()
  local total, latencies, counted = 0, {}, false
  for _, thread in ipairs(threads) do
    local actions = thread:get("actions")
    if actions then
      counted = true
      total = total + actions
      for _, latency in ipairs(thread:get("action_latencies_us") or {}) do
        table.insert(latencies, latency)
      end
    end
  end
  table.sort(latencies)
  return counted, total, latencies
end

function done(summary, latency, requests)
  local errors = summary.errors
  local count, p50, p95 = summary.requests, latency:percentile(50), latency:percentile(95)
  local counted, actions, latencies = actions_of_threads()
  if counted then
    count, p50, p95 = actions, nearest_rank(latencies, 50), nearest_rank(latencies, 95)
  end
  io.write(string.format(
    'wrk-report {"requests": %d, "duration_us": %d, "p50_us": %d, "p95_us": %d, '
      .. '"unexpected": %s, "errors": {"connect": %d, "read": %d, "write": %d, '
      .. '"timeout": %d, "status": %d}}\n',
    count, summary.duration, p50, p95,
    unexpected_json(), errors.connect, errors.read, errors.write, errors.timeout,
    errors.status))
end
