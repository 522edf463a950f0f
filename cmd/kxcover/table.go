package main

import (
	"fmt"
	"io"
	"sort"
	"strings"
)

// report is the table make cover prints: per package the statements, the
// coverage from the package's own tests and from the whole suite, and a
// total for each tree named in totals.
type report struct {
	own, suite map[string]coverage
	totals     []string
	// aim marks the packages whose own coverage is below it.
	aim float64
}

// inTree reports whether pkg is tree or below it.
func inTree(pkg, tree string) bool {
	return pkg == tree || strings.HasPrefix(pkg, tree+"/")
}

func (r report) write(w io.Writer) error {
	var pkgs []string
	for pkg := range r.own {
		pkgs = append(pkgs, pkg)
	}
	for pkg := range r.suite {
		if _, ok := r.own[pkg]; !ok {
			pkgs = append(pkgs, pkg)
		}
	}
	sort.Strings(pkgs)

	width := len("package")
	for _, name := range append(pkgs, r.totalNames()...) {
		width = max(width, len(name))
	}
	// Names left, figures right: tabwriter aligns a table one way only.
	var err error
	line := func(name, statements, own, suite, mark string) {
		if err == nil {
			text := fmt.Sprintf("%-*s  %10s  %9s  %11s %s", width, name, statements, own, suite, mark)
			_, err = fmt.Fprintln(w, strings.TrimRight(text, " "))
		}
	}
	line("package", "statements", "own tests", "whole suite", "")
	row := func(name string, own, suite coverage, hasOwn, hasSuite bool) {
		ownText, suiteText, mark := "-", "-", ""
		if hasOwn {
			ownText = fmt.Sprintf("%.1f%%", own.percent())
			if own.percent() < r.aim {
				mark = "<"
			}
		}
		if hasSuite {
			suiteText = fmt.Sprintf("%.1f%%", suite.percent())
		}
		// The suite's profile has every package the own one has, and
		// those without tests of their own besides.
		statements := suite.statements
		if !hasSuite {
			statements = own.statements
		}
		line(name, fmt.Sprint(statements), ownText, suiteText, mark)
	}
	for _, pkg := range pkgs {
		own, hasOwn := r.own[pkg]
		suite, hasSuite := r.suite[pkg]
		row(pkg, own, suite, hasOwn, hasSuite)
	}
	for _, tree := range r.totals {
		var own, suite coverage
		var hasOwn, hasSuite bool
		for _, pkg := range pkgs {
			if !inTree(pkg, tree) {
				continue
			}
			if c, ok := r.own[pkg]; ok {
				own, hasOwn = own.add(c), true
			}
			if c, ok := r.suite[pkg]; ok {
				suite, hasSuite = suite.add(c), true
			}
		}
		row(totalName(tree), own, suite, hasOwn, hasSuite)
	}
	return err
}

func totalName(tree string) string { return tree + "/ total" }

func (r report) totalNames() []string {
	var names []string
	for _, tree := range r.totals {
		names = append(names, totalName(tree))
	}
	return names
}
