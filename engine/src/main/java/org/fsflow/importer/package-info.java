/**
 * {@code fsflow import}: results measured outside fsflow (GNU time logs, bonnie++ CSV) read into a
 * run directory, every line accounted for, with the parsers of {@code parse}.
 */
package org.fsflow.importer;
