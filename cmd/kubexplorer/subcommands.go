package main

import (
	"fmt"
	"io"
	"os"
)

// What the mechanisms' command groups share: the gallery commands and
// reading a scenario.

// galleryEntry is one named example as the examples commands list it.
type galleryEntry struct{ name, title string }

func printGallery(w io.Writer, entries []galleryEntry) {
	rows := make([][]string, len(entries))
	for i, e := range entries {
		rows[i] = []string{e.name, e.title}
	}
	table(w, "", rows)
}

// scenarioInput reads a run's scenario: the file (- for stdin), or the
// named example. The old form, an example's name where the file goes, is
// still taken, with a deprecation note. example is "" or the name to run.
func scenarioInput(c *ctx, args []string, example string, exists func(string) bool) (text, name string, status int) {
	switch {
	case example != "" && len(args) > 0:
		return "", "", c.usagef("give a scenario file or --example, not both")
	case example != "":
		return "", example, 0
	case len(args) != 1:
		return "", "", c.usagef("want one scenario file (- for stdin), or --example NAME")
	}
	arg := args[0]
	if arg == "-" {
		data, err := io.ReadAll(os.Stdin)
		if err != nil {
			return "", "", c.errorf(2, "%v", err)
		}
		return string(data), "", 0
	}
	data, err := os.ReadFile(arg)
	if os.IsNotExist(err) && exists(arg) {
		fmt.Fprintf(c.env.stderr, "%s: running an example by name as an argument is deprecated: use %s --example %s\n", c.name, c.name, arg)
		return "", arg, 0
	}
	if err != nil {
		return "", "", c.errorf(2, "%v", err)
	}
	return string(data), "", 0
}
