/**
 * The Maven goals of junit-bench: {@code report}, {@code compare}, {@code import}, {@code check},
 * over the same code as the reports' command line.
 */
package dev.junitbench.maven;
