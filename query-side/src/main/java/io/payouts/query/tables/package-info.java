/**
 * The query side's part in the work that crosses every module's tables (issue #24, {@code io.payouts.platform.tables}):
 * what a sandbox reset forgets of the read models, what erasure overwrites in them, and which tables each rebuildable
 * read model's checksum covers. The read models' tables are the query side's alone (V2, V6, V8, V14, and V3's API
 * key tables).
 */
package io.payouts.query.tables;
