-- Shared by the bench scripts (loaded with dofile). Each thread counts the answers
-- whose status is not the expected one; done() prints one line of JSON that
-- bench/load_results.py parses: "wrk-report {...}".

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

function done(summary, latency, requests)
  local errors = summary.errors
  io.write(string.format(
    'wrk-report {"requests": %d, "duration_us": %d, "p50_us": %d, "p95_us": %d, '
      .. '"unexpected": %s, "errors": {"connect": %d, "read": %d, "write": %d, '
      .. '"timeout": %d, "status": %d}}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(95),
    unexpected_json(), errors.connect, errors.read, errors.write, errors.timeout,
    errors.status))
end
