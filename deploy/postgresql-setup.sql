-- The database the serve hosts share (run once, as the postgres superuser):
--   sudo -u postgres psql -f deploy/postgresql-setup.sql
-- then let the serve hosts in, in pg_hba.conf (scram-sha-256 over the private network):
--   host  puzzleterm  puzzleterm  10.0.0.0/24  scram-sha-256
-- and in postgresql.conf: listen_addresses = '10.0.0.20'; max_connections = 250
-- (each game holds one connection: 100 games a host, two hosts, and room to spare).
-- The tables are made by the first serve host that connects (and migrated by the first host
-- of a newer puzzleterm, under an advisory lock: hosts starting together migrate once).
CREATE ROLE puzzleterm LOGIN PASSWORD 'change me';
CREATE DATABASE puzzleterm OWNER puzzleterm;
