package main

import (
	"fmt"
	"io"
	"os"

	"github.com/spf13/pflag"

	"github.com/kubexplorer/kubexplorer/explorer"
	"github.com/kubexplorer/kubexplorer/explorer/gates"
	"github.com/kubexplorer/kubexplorer/explorer/kubefed"
	"github.com/kubexplorer/kubexplorer/explorer/kubelet"
)

// What the mechanisms' command groups share: the gallery commands and
// reading a scenario.

// galleryEntry is one named example as the examples commands list it.
type galleryEntry struct{ name, title string }

// gallery is a mechanism's named examples: what its examples and example
// commands and the completion of example names call.
type gallery struct {
	// command is the mechanism's command ("gates") and title the
	// gallery's name in summaries ("feature-gates").
	command, title string
	completion     completion
	// list is the examples method's reply and its entries.
	list func() (any, []galleryEntry, error)
	// show is the example method's reply for a name and its text form.
	show func(name string) (any, func(w io.Writer), error)
}

var (
	gatesGallery = gallery{command: "gates", title: "feature-gates", completion: completeGatesEx,
		list: listing("gates.examples", func(r gates.ExamplesReply) []gates.ExampleSummary { return r.Examples },
			func(e gates.ExampleSummary) galleryEntry { return galleryEntry{e.Name, e.Title} }),
		show: showing("gates.example", func(name string) gates.ExampleRequest { return gates.ExampleRequest{Name: name} },
			func(w io.Writer, ex gates.ExampleReply) {
				fmt.Fprintf(w, "%s: %s\n\n%s\n\n", ex.Name, ex.Title, wrap(ex.Description, 80, ""))
				_ = writeData(w, "yaml", ex.Request)
			})}
	kubeletGallery = gallery{command: "kubelet", title: "kubelet", completion: completeKubeEx,
		list: listing("kubelet.examples", func(r kubelet.ExamplesReply) []kubelet.Example { return r.Examples },
			func(e kubelet.Example) galleryEntry { return galleryEntry{e.Name, e.Title} }),
		show: showing("kubelet.example", func(name string) kubelet.ExampleRequest { return kubelet.ExampleRequest{Name: name} },
			func(w io.Writer, ex kubelet.Example) { fmt.Fprint(w, ex.Scenario) })}
	kubefedGallery = gallery{command: "kubefed", title: "kubefed", completion: completeFedEx,
		list: listing("kubefed.examples", func(r kubefed.ExamplesReply) []kubefed.Example { return r.Examples },
			func(e kubefed.Example) galleryEntry { return galleryEntry{e.Name, e.Title} }),
		show: showing("kubefed.example", func(name string) kubefed.ExampleRequest { return kubefed.ExampleRequest{Name: name} },
			func(w io.Writer, ex kubefed.ExampleReply) { fmt.Fprint(w, ex.Scenario) })}
)

// listing is a gallery's list through its examples method.
func listing[R, E any](method string, items func(R) []E, entry func(E) galleryEntry) func() (any, []galleryEntry, error) {
	return func() (any, []galleryEntry, error) {
		r, err := call[R](method, explorer.Empty{})
		if err != nil {
			return nil, nil, err
		}
		var entries []galleryEntry
		for _, e := range items(r) {
			entries = append(entries, entry(e))
		}
		return r, entries, nil
	}
}

// showing is a gallery's show through its example method.
func showing[Req, R any](method string, request func(name string) Req, text func(w io.Writer, r R)) func(string) (any, func(io.Writer), error) {
	return func(name string) (any, func(io.Writer), error) {
		r, err := call[R](method, request(name))
		if err != nil {
			return nil, nil, err
		}
		return r, func(w io.Writer) { text(w, r) }, nil
	}
}

// examplesCommand lists a gallery.
func examplesCommand(g gallery, use example) *command {
	return &command{name: "examples", summary: "list the named examples of the " + g.title + " gallery",
		examples: []example{use},
		exits:    []string{"0  listed"},
		setup: func(*pflag.FlagSet) action {
			return func(c *ctx, args []string) int {
				if len(args) > 0 {
					return c.usagef("unexpected argument %q", args[0])
				}
				list, entries, err := g.list()
				if err != nil {
					return c.fail(err, nil)
				}
				return c.emit(list, func(w io.Writer) { printGallery(w, entries) })
			}
		}}
}

// exampleCommand prints one example of a gallery.
func exampleCommand(g gallery, summary string, use example) *command {
	return &command{name: "example", summary: summary,
		usage:    "NAME [flags]",
		examples: []example{use},
		exits:    []string{"0  printed", "2  no such example"},
		args:     g.completion,
		setup: func(*pflag.FlagSet) action {
			return func(c *ctx, args []string) int {
				if len(args) != 1 {
					return c.usagef("want one example name (kubexplorer %s examples lists them)", g.command)
				}
				ex, text, err := g.show(args[0])
				if err != nil {
					return c.fail(err, nil)
				}
				return c.emit(ex, text)
			}
		}}
}

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
