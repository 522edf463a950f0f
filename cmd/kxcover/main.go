// Command kxcover prints statement coverage per package from two cover
// profiles that make cover writes: one from go test -coverprofile, where
// each package is covered by its own tests only, and one with -coverpkg,
// where every test of the suite counts toward every package it reaches. The
// first says whether a package has tests beside it; the second what the
// suite as a whole exercises. Figures are measurements: nothing fails
// because a number is low (the aim column only marks it).
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"strings"
)

func main() {
	own := flag.String("own", "", "profile of go test -coverprofile (each package's own tests)")
	suite := flag.String("suite", "", "profile of go test -coverpkg -coverprofile (the whole suite)")
	totals := flag.String("totals", "core,explorer", "comma-separated trees to total")
	aim := flag.Float64("aim", 90, "mark packages whose own coverage is below this percentage")
	flag.Parse()
	if err := run(*own, *suite, strings.Split(*totals, ","), *aim); err != nil {
		fmt.Fprintln(os.Stderr, "kxcover:", err)
		os.Exit(1)
	}
}

func run(ownFile, suiteFile string, totals []string, aim float64) error {
	module, err := modulePath("go.mod")
	if err != nil {
		return err
	}
	r := report{totals: totals, aim: aim}
	if r.own, err = readProfile(ownFile, module); err != nil {
		return err
	}
	if r.suite, err = readProfile(suiteFile, module); err != nil {
		return err
	}
	return r.write(os.Stdout)
}

// readProfile parses a cover profile into per-package coverage; no file
// name is no profile.
func readProfile(name, module string) (map[string]coverage, error) {
	if name == "" {
		return nil, nil
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	p, err := parseProfile(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	return p.byPackage(module), nil
}

// modulePath reads the module line of go.mod.
func modulePath(goMod string) (string, error) {
	f, err := os.Open(goMod)
	if err != nil {
		return "", err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if m, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "module "); ok {
			return strings.Trim(strings.TrimSpace(m), `"`), nil
		}
	}
	return "", fmt.Errorf("%s: no module line", goMod)
}
