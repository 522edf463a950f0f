package main

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/pflag"
)

// help prints a command's --help: synopsis, description, subcommands,
// examples, flags and exit statuses.
func (c *command) help(w io.Writer, path []string) {
	name := strings.Join(path, " ")
	fmt.Fprintf(w, "%s: %s\n", name, c.summary)
	fmt.Fprintf(w, "\nUsage:\n")
	for _, u := range c.synopses(name) {
		fmt.Fprintf(w, "  %s\n", u)
	}
	if c.long != "" {
		fmt.Fprintf(w, "\n%s\n", wrap(c.long, 80, ""))
	}
	if subs := c.visibleSubs(); len(subs) > 0 {
		fmt.Fprintf(w, "\nCommands:\n")
		width := 0
		for _, s := range subs {
			width = max(width, len(s.name))
		}
		for _, s := range subs {
			fmt.Fprintf(w, "  %-*s  %s\n", width, s.name, s.summary)
		}
	}
	if len(c.examples) > 0 {
		fmt.Fprintf(w, "\nExamples:\n")
		for i, e := range c.examples {
			if i > 0 {
				fmt.Fprintln(w)
			}
			fmt.Fprintf(w, "  # %s\n  %s\n", e.comment, e.line)
		}
	}
	if flags := c.flagUsages(); flags != "" {
		fmt.Fprintf(w, "\nFlags:\n%s", flags)
	}
	if len(c.exits) > 0 {
		fmt.Fprintf(w, "\nExit status:\n")
		for _, e := range c.exits {
			fmt.Fprintf(w, "  %s\n", e)
		}
	}
	if len(c.subs) > 0 {
		fmt.Fprintf(w, "\nRun %q for a command's flags and examples.\n", name+" COMMAND --help")
	}
}

// synopses are the usage lines of a command.
func (c *command) synopses(name string) []string {
	switch {
	case c.usage != "":
		var out []string
		for _, u := range strings.Split(c.usage, "\n") {
			out = append(out, name+" "+u)
		}
		return out
	case len(c.subs) > 0:
		return []string{name + " COMMAND [flags]"}
	}
	return []string{name + " [flags]"}
}

func (c *command) visibleSubs() []*command {
	var out []*command
	for _, s := range c.subs {
		if !s.hidden {
			out = append(out, s)
		}
	}
	return out
}

// flagUsages lists the command's flags as pflag formats them; a command
// that parses its own flags (serve) is asked for its --help.
func (c *command) flagUsages() string {
	if c.run != nil {
		var b bytes.Buffer
		env := &cliEnv{stdout: &b, stderr: &b}
		c.run(env, []string{"--help"})
		// pflag's own usage starts with "Usage of NAME:".
		text := b.String()
		if i := strings.IndexByte(text, '\n'); strings.HasPrefix(text, "Usage of ") && i >= 0 {
			text = text[i+1:]
		}
		return text
	}
	if len(c.subs) > 0 && c.setup == nil {
		return ""
	}
	fs, _, _ := c.flags(&cliEnv{stdout: io.Discard, stderr: io.Discard}, c.name)
	return fs.FlagUsagesWrapped(100)
}

// wrap wraps paragraphs (separated by "\n\n") at width, indenting each
// line; lines starting with a space are kept as they are.
func wrap(text string, width int, indent string) string {
	var out []string
	for _, para := range strings.Split(text, "\n\n") {
		if strings.HasPrefix(para, " ") {
			var lines []string
			for _, l := range strings.Split(para, "\n") {
				lines = append(lines, indent+l)
			}
			out = append(out, strings.Join(lines, "\n"))
			continue
		}
		var lines []string
		line := indent
		for _, word := range strings.Fields(para) {
			if len(line) > len(indent) && len(line)+1+len(word) > width {
				lines = append(lines, line)
				line = indent
			}
			if len(line) > len(indent) {
				line += " "
			}
			line += word
		}
		lines = append(lines, line)
		out = append(out, strings.Join(lines, "\n"))
	}
	return strings.Join(out, "\n\n")
}

// flagSet returns the command's flags for the docs and completion (nil
// for a command that parses its own).
func (c *command) flagSet() *pflag.FlagSet {
	if c.run != nil || (len(c.subs) > 0 && c.setup == nil) {
		return nil
	}
	fs, _, _ := c.flags(&cliEnv{stdout: io.Discard, stderr: io.Discard}, c.name)
	return fs
}
