/**
 * What a run stores and how it is read back, the one package that reads the run directory's files:
 * {@code results.jsonl} rows ({@link org.fsflow.result.Measurement}, read strictly), the journal
 * that appends them atomically, {@code run.json} ({@link org.fsflow.result.RunSettings}), {@code
 * environment.json} typed ({@link org.fsflow.result.RunEnvironment}) and as a file of facts and
 * amendments ({@link org.fsflow.result.EnvironmentFile}), the facts taken from the effective
 * scenario ({@link org.fsflow.result.ScenarioCopy}), the run's conditions and timeline, the series
 * a result set groups them into, and the statistics shared by the run and its reports (Welch,
 * Fieller, false discovery, power, the disturbance rule).
 */
package org.fsflow.result;
