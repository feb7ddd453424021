/**
 * Reading YAML with its marks, for every language fsflow reads (a scenario, a source's findings,
 * a hosts file): safe loading with node marks ({@link org.fsflow.lang.YamlLoader}), a problem's
 * place as file, line and column ({@link org.fsflow.lang.Location}), diagnostics and their
 * printing with the line they point at, hints for a misspelt word, sizes and durations as users
 * write them. It knows no language's keys: those are the readers' above it.
 */
package org.fsflow.lang;
