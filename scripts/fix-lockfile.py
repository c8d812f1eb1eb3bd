#!/usr/bin/env python3
"""Adds lock entries for the platform packages `npm ci` reports as 'Missing: <name>@ from lock file'.

The registry reachable here serves only the linux builds of rollup's and @tailwindcss/oxide's native
packages, so `npm install` leaves the other platforms out of package-lock.json (npm/cli#4828) and npm 11's
`npm ci` then refuses the lock. Each stub carries the package's os/cpu, so npm skips it on this platform.
Run in the repo root after every `npm install`: npm ci --dry-run 2>&1 | python3 scripts/fix-lockfile.py
"""
import json, re, sys

lock = json.load(open('package-lock.json'))
pkgs = lock['packages']
parents = {'@rollup/rollup-': 'node_modules/rollup', '@tailwindcss/oxide-': 'node_modules/@tailwindcss/oxide'}
added = 0
for line in sys.stdin:
    m = re.search(r'Missing: (\S+)@ from lock file', line)
    if not m:
        continue
    name = m.group(1)
    parent = next((p for prefix, p in parents.items() if name.startswith(prefix)), None)
    if parent is None:
        sys.exit(f'unexpected missing package {name}: regenerate the lock instead')
    platform = re.sub(r'^(@rollup/rollup|@tailwindcss/oxide)-', '', name).split('-')
    entry = {'version': pkgs[parent]['version'], 'optional': True}
    if platform[0] == 'wasm32':
        entry['cpu'] = ['wasm32']
    else:
        entry['os'] = [platform[0]]
        entry['cpu'] = [platform[1]]
    pkgs['node_modules/' + name] = entry
    added += 1
# npm re-sorts the entries on its next write; appending keeps this diff minimal.
with open('package-lock.json', 'w') as f:
    json.dump(lock, f, indent=2, ensure_ascii=False)
    f.write('\n')
print(f'added {added} platform entries')
