package main

import (
	"bufio"
	"fmt"
	"io"
	"path"
	"strconv"
	"strings"
)

// block is one basic block of a cover profile: its place, how many
// statements it holds, and whether any test ran it.
type block struct {
	statements int
	covered    bool
}

// profile is a parsed cover profile, keyed by "file:start,end". go test
// writes one profile for all the packages it tested; with -coverpkg every
// test binary reports every instrumented block, so the same block appears
// once per binary, and it counts as covered when any binary ran it.
type profile map[string]block

// parseProfile reads the text format that go test -coverprofile writes: a
// "mode:" line, then "file:startLine.startCol,endLine.endCol statements
// count" per block.
func parseProfile(r io.Reader) (profile, error) {
	p := profile{}
	sc := bufio.NewScanner(r)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "mode:") {
			continue
		}
		fields := strings.Fields(text)
		if len(fields) != 3 || !strings.Contains(fields[0], ":") {
			return nil, fmt.Errorf("line %d: want \"file:range statements count\", got %q", line, text)
		}
		statements, err := strconv.Atoi(fields[1])
		if err != nil {
			return nil, fmt.Errorf("line %d: statements: %v", line, err)
		}
		count, err := strconv.Atoi(fields[2])
		if err != nil {
			return nil, fmt.Errorf("line %d: count: %v", line, err)
		}
		b := p[fields[0]]
		b.statements = statements
		b.covered = b.covered || count > 0
		p[fields[0]] = b
	}
	return p, sc.Err()
}

// coverage is the statements of a package and how many of them ran.
type coverage struct {
	statements, covered int
}

func (c coverage) add(o coverage) coverage {
	return coverage{c.statements + o.statements, c.covered + o.covered}
}

// percent is go test's figure: covered statements over all statements.
func (c coverage) percent() float64 {
	if c.statements == 0 {
		return 0
	}
	return 100 * float64(c.covered) / float64(c.statements)
}

// byPackage sums the blocks of each package: the directory of its file,
// relative to module.
func (p profile) byPackage(module string) map[string]coverage {
	out := map[string]coverage{}
	for key, b := range p {
		file := key[:strings.LastIndex(key, ":")]
		pkg := strings.TrimPrefix(strings.TrimPrefix(path.Dir(file), module), "/")
		if pkg == "" {
			pkg = "."
		}
		c := coverage{statements: b.statements}
		if b.covered {
			c.covered = b.statements
		}
		out[pkg] = out[pkg].add(c)
	}
	return out
}
