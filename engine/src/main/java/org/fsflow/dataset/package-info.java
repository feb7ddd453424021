/**
 * Datasets: generated from their spec and seed (the same bytes anywhere, {@link
 * org.fsflow.dataset.SplitMix64}), written with a manifest, checked against it, and copies
 * verified against their source; and the seeded aging of a filesystem ({@link
 * org.fsflow.dataset.Ager}).
 */
package org.fsflow.dataset;
