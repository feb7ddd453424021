/**
 * What a run stores and how it is read back: {@code results.jsonl} rows ({@link
 * org.fsflow.result.Measurement}, read strictly), the journal that appends them atomically, the
 * run's environment, conditions and timeline, the series a result set groups them into, and the
 * statistics shared by the run and its reports (Welch, Fieller, false discovery, power, the
 * disturbance rule).
 */
package org.fsflow.result;
