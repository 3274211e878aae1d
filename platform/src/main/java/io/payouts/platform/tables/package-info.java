/**
 * Each module owns its tables: the migrations that create them are in its {@code db/migration/<module>},
 * and only its code names them. Work that crosses every module's tables asks each module, through these hooks, to
 * do its part on its own tables: a sandbox reset ({@link io.payouts.platform.tables.ForgetsSandbox}), the erasure of
 * a driver's personal data ({@link io.payouts.platform.tables.ErasesPersonalData}) and the checksums of the read
 * models ({@link io.payouts.platform.tables.ReadModelTables}). The service calls every implementation.
 */
package io.payouts.platform.tables;
