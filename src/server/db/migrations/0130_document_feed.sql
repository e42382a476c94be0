-- The event feed (issue 30, docs/integrating.md "Event feed"): every document event, once per party
-- that may see it, at a position in COMMIT order.
--
-- Why not document_events.id or a timestamp: an identity value (or a clock reading) is taken when the
-- row is inserted, and the transaction may commit later than one that took a higher value. A reader
-- that saw the higher value and moved its cursor past it would never see the lower one (the gap
-- Diadoc's feed has). Here the position is taken at COMMIT time, by a deferred constraint trigger,
-- under a transaction-scoped advisory lock that is held until the transaction has committed: the next
-- committing writer waits for the lock, so positions are handed out in the order the transactions
-- become visible. A reader that sees position p sees every position below p that will ever exist
-- (aborted transactions leave gaps; gaps are never filled). The lock is held only from the commit's
-- start to its end — document writers otherwise run in parallel.
--
-- The lock key names the schema (the API tests give each file a schema of its own on one server).

create sequence document_feed_position;

-- One row per event and party. The event's fields are copied (not referenced): a draft deleted for
-- good takes its events with it, and the feed still says what happened.
create table document_feed (
  position bigint not null,
  -- The party (TIN or PINFL) this row is for: a reader reads its own rows only.
  identity varchar(14) not null,
  document_id uuid not null,
  kind text not null,
  -- The party's branch at the time (the branch scope of a member limited to one).
  branch text,
  action text not null,
  from_status integer,
  to_status integer,
  -- The event's place in the document's own chain (document_events.seq); null for a removal.
  event_seq integer,
  actor_identity varchar(14),
  at timestamptz not null,
  primary key (identity, position)
);
create index document_feed_position_idx on document_feed (position);

-- The position of the committing transaction's next feed row: the lock first (held to the end of the
-- commit), then the sequence.
create function document_feed_next_position() returns bigint language plpgsql as $$
begin
  perform pg_advisory_xact_lock(2130, hashtext(current_schema()));
  perform pg_notify('hujjat_feed', '');
  return nextval('document_feed_position');
end;
$$;

create function document_feed_append() returns trigger language plpgsql as $$
declare
  at_position bigint := document_feed_next_position();
begin
  insert into document_feed (position, identity, document_id, kind, branch, action, from_status, to_status,
                             event_seq, actor_identity, at)
  select at_position, p.identity, new.document_id, p.kind, p.branch, new.action, new.from_status, new.to_status,
         new.seq, new.actor_identity, new.at
    from document_parties p
   where p.document_id = new.document_id
     and p.box is not null
     and (
       -- Binning, restoring and deleting concern the party that did it (per-party bin): only its feed.
       (new.action in ('bin', 'restore', 'delete') and p.identity = new.actor_identity)
       or (new.action not in ('bin', 'restore', 'delete') and p.bin_state <> 'deleted')
     );
  return null;
end;
$$;

create constraint trigger document_feed_at_commit
  after insert on document_events
  deferrable initially deferred
  for each row execute function document_feed_append();

-- A document removed for good (a draft deleted): its parties that saw it get a `remove` event. The
-- rows wait here for the commit (the deletion takes the document's party rows with it).
create table document_feed_removals (
  id bigint generated always as identity primary key,
  identity varchar(14) not null,
  document_id uuid not null,
  kind text not null,
  branch text,
  status integer,
  at timestamptz not null
);

create function document_feed_stage_removal() returns trigger language plpgsql as $$
begin
  insert into document_feed_removals (identity, document_id, kind, branch, status, at)
  select p.identity, old.id, old.kind, p.branch, old.status, now()
    from document_parties p
   where p.document_id = old.id and p.box is not null and p.bin_state <> 'deleted';
  return old;
end;
$$;

create trigger document_feed_removal_staged before delete on documents
  for each row execute function document_feed_stage_removal();

create function document_feed_append_removal() returns trigger language plpgsql as $$
begin
  insert into document_feed (position, identity, document_id, kind, branch, action, from_status, to_status,
                             event_seq, actor_identity, at)
  values (document_feed_next_position(), new.identity, new.document_id, new.kind, new.branch, 'remove',
          new.status, null, null, null, new.at);
  delete from document_feed_removals where id = new.id;
  return null;
end;
$$;

create constraint trigger document_feed_removal_at_commit
  after insert on document_feed_removals
  deferrable initially deferred
  for each row execute function document_feed_append_removal();

-- Events recorded before the feed existed, in the order they were recorded (nothing is in flight
-- while a migration runs).
insert into document_feed (position, identity, document_id, kind, branch, action, from_status, to_status,
                           event_seq, actor_identity, at)
select f.position, p.identity, f.document_id, p.kind, p.branch, f.action, f.from_status, f.to_status,
       f.seq, f.actor_identity, f.at
  from (select e.*, nextval('document_feed_position') as position
          from (select * from document_events order by id) e) f
  join document_parties p on p.document_id = f.document_id and p.box is not null
 where (f.action in ('bin', 'restore', 'delete') and p.identity = f.actor_identity)
    or (f.action not in ('bin', 'restore', 'delete') and p.bin_state <> 'deleted');
