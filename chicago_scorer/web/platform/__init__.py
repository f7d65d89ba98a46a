"""What every response shares: security headers, request size limits, installability."""
