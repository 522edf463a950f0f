package main

import (
	"fmt"
	"strings"

	"github.com/spf13/pflag"

	"github.com/kubexplorer/kubexplorer/explorer"
	"github.com/kubexplorer/kubexplorer/explorer/gates"
)

// Shell completion. The scripts (bash, zsh, fish) are small and the same
// for every command: they call "kubexplorer __complete WORDS…" with the
// words typed so far, the last one being the word to complete, and show
// what it prints — one candidate per line (a tab, then a description for
// shells that show one), then a directive line: ":files" or ":dirs" to let
// the shell complete paths, ":none" otherwise. The logic lives here, in
// Go, where it is tested: it walks the same command tree as the parser.

// completion is how a value completes.
type completion string

const (
	completeNone     completion = ""
	completeFiles    completion = "files"
	completeDirs     completion = "dirs"
	completeRelease  completion = "release"
	completeOutput   completion = "output"
	completeGate     completion = "gate"
	completeShell    completion = "shell"
	completeGatesEx  completion = "gates-example"
	completeKubeEx   completion = "kubelet-example"
	completeFedEx    completion = "kubefed-example"
	completeAnything completion = "any"
)

// completionAnnotation is the pflag annotation holding a flag's completion.
const completionAnnotation = "kubexplorer/completion"

func setCompletion(fs *pflag.FlagSet, flag string, c completion) {
	_ = fs.SetAnnotation(flag, completionAnnotation, []string{string(c)})
}

func flagCompletion(f *pflag.Flag) completion {
	if v := f.Annotations[completionAnnotation]; len(v) == 1 {
		return completion(v[0])
	}
	return completeNone
}

func init() {
	commands["completion"] = command{summary: "print a shell completion script (bash, zsh or fish)",
		usage: "bash|zsh|fish",
		long: "Prints the script that makes the shell complete kubexplorer's commands, flags and values (releases, gate names, " +
			"example names, files). Load it in the current shell, or install it where the shell loads completions from.",
		examples: []example{
			{"bash: load it now, or for every new shell", "source <(kubexplorer completion bash)\nkubexplorer completion bash > /etc/bash_completion.d/kubexplorer"},
			{"zsh (with compinit)", "kubexplorer completion zsh > \"${fpath[1]}/_kubexplorer\""},
			{"fish", "kubexplorer completion fish > ~/.config/fish/completions/kubexplorer.fish"},
		},
		exits:    []string{"0  the script was printed", "2  no or an unknown shell"},
		args:     completeShell,
		noOutput: true,
		setup: func(*pflag.FlagSet) action {
			return func(c *ctx, args []string) int {
				if len(args) != 1 {
					return c.usagef("want one shell: bash, zsh or fish")
				}
				script, ok := completionScripts[args[0]]
				if !ok {
					return c.usagef("no completion for %q: want bash, zsh or fish", args[0])
				}
				fmt.Fprint(c.env.stdout, script)
				return 0
			}
		}}
	commands["__complete"] = command{summary: "complete a command line (the completion scripts call it)", hidden: true,
		run: func(env *cliEnv, args []string) int {
			cands, directive := complete(root(), args)
			for _, c := range cands {
				fmt.Fprintln(env.stdout, c)
			}
			fmt.Fprintln(env.stdout, ":"+directive)
			return 0
		}}
}

// complete returns the candidates for the last word of args (the words
// after "kubexplorer"), and the directive: "files", "dirs" or "none".
func complete(r *command, args []string) ([]string, string) {
	if len(args) == 0 {
		args = []string{""}
	}
	words, cur := args[:len(args)-1], args[len(args)-1]
	c := r
	i := 0
	for ; i < len(words) && len(c.subs) > 0 && c.setup == nil; i++ {
		s := c.sub(words[i])
		if s == nil {
			break
		}
		c = s
	}
	if len(c.subs) > 0 && c.setup == nil {
		if strings.HasPrefix(cur, "-") {
			return filter([]string{"--help", "--version"}, cur), "none"
		}
		var out []string
		for _, s := range c.visibleSubs() {
			out = append(out, s.name+"\t"+s.summary)
		}
		return filter(out, cur), "none"
	}
	fs := c.flagSet()
	if fs == nil {
		return nil, "files"
	}
	rest := words[i:]
	// A flag waiting for its value?
	if n := len(rest); n > 0 {
		if f := lookupFlag(fs, rest[n-1]); f != nil && f.NoOptDefVal == "" && !strings.Contains(rest[n-1], "=") {
			return values(flagCompletion(f), cur, rest, "")
		}
	}
	if strings.HasPrefix(cur, "-") {
		if name, val, ok := strings.Cut(cur, "="); ok {
			if f := lookupFlag(fs, name); f != nil {
				return values(flagCompletion(f), val, rest, name+"=")
			}
			return nil, "none"
		}
		var out []string
		fs.VisitAll(func(f *pflag.Flag) {
			if f.Hidden {
				return
			}
			out = append(out, "--"+f.Name+"\t"+firstLine(f.Usage))
		})
		return filter(out, cur), "none"
	}
	return values(c.args, cur, rest, "")
}

// lookupFlag finds the flag a word names ("--to", "-o", "--to=1.3").
func lookupFlag(fs *pflag.FlagSet, word string) *pflag.Flag {
	name, _, _ := strings.Cut(word, "=")
	switch {
	case strings.HasPrefix(name, "--"):
		return fs.Lookup(name[2:])
	case strings.HasPrefix(name, "-") && len(name) == 2:
		return fs.ShorthandLookup(name[1:])
	}
	return nil
}

// values completes a value of the given kind; prefix is put before each
// candidate ("--to=").
func values(kind completion, cur string, words []string, prefix string) ([]string, string) {
	var out []string
	switch kind {
	case completeFiles:
		return nil, "files"
	case completeDirs:
		return nil, "dirs"
	case completeRelease:
		rels := explorer.Releases()
		for i := len(rels.Releases) - 1; i >= 0; i-- {
			out = append(out, rels.Releases[i])
		}
	case completeOutput:
		out = append(out, outputFormats...)
	case completeShell:
		out = []string{"bash", "fish", "zsh"}
	case completeGate:
		release := flagValueIn(words, "release")
		if release == "" {
			release = explorer.Releases().Default
		}
		if r, err := gates.Components(gates.ComponentsRequest{Release: release}); err == nil {
			for _, g := range r.Gates {
				out = append(out, g.Name)
			}
		}
	case completeGatesEx, completeKubeEx, completeFedEx:
		g := map[completion]gallery{completeGatesEx: gatesGallery, completeKubeEx: kubeletGallery, completeFedEx: kubefedGallery}[kind]
		if _, entries, err := g.list(); err == nil {
			for _, e := range entries {
				out = append(out, e.name+"\t"+e.title)
			}
		}
	default:
		return nil, "none"
	}
	for i := range out {
		out[i] = prefix + out[i]
	}
	return filter(out, prefix+cur), "none"
}

// flagValueIn finds --name=V or --name V among words.
func flagValueIn(words []string, name string) string {
	v := ""
	for i, w := range words {
		if w == "--"+name && i+1 < len(words) {
			v = words[i+1]
		} else if s, ok := strings.CutPrefix(w, "--"+name+"="); ok {
			v = s
		}
	}
	return v
}

// filter keeps the candidates that start with cur (before any tab).
func filter(cands []string, cur string) []string {
	var out []string
	for _, c := range cands {
		word, _, _ := strings.Cut(c, "\t")
		if strings.HasPrefix(word, cur) {
			out = append(out, c)
		}
	}
	return out
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}

var completionScripts = map[string]string{
	"bash": `# bash completion for kubexplorer (kubexplorer completion bash)
_kubexplorer() {
	local line=${COMP_LINE:0:COMP_POINT}
	local -a words
	read -r -a words <<<"$line"
	if [[ -z $line || $line == *[[:space:]] ]]; then
		words+=("")
	fi
	local full=${words[${#words[@]}-1]}
	local cur=${COMP_WORDS[COMP_CWORD]}
	# bash splits "--to=1.3" at "="; the candidates are whole words.
	local prefix=${full%"$cur"}
	local out
	out=$("${words[0]}" __complete "${words[@]:1}" 2>/dev/null) || return 0
	local directive=${out##*$'\n'}
	[[ $out == *$'\n'* ]] && out=${out%$'\n'*} || out=
	COMPREPLY=()
	case $directive in
	:files)
		compopt -o filenames 2>/dev/null
		mapfile -t COMPREPLY < <(compgen -f -- "$cur")
		;;
	:dirs)
		compopt -o filenames 2>/dev/null
		mapfile -t COMPREPLY < <(compgen -d -- "$cur")
		;;
	*)
		local c
		while IFS= read -r c; do
			[[ -n $c ]] && COMPREPLY+=("${c%%$'\t'*}")
		done <<<"$out"
		COMPREPLY=("${COMPREPLY[@]#"$prefix"}")
		;;
	esac
}
complete -F _kubexplorer kubexplorer
`,
	"zsh": `#compdef kubexplorer
# zsh completion for kubexplorer (kubexplorer completion zsh)
_kubexplorer() {
	local out directive
	local -a cands
	out=$(${words[1]} __complete "${(@)words[2,CURRENT]}" 2>/dev/null) || return 1
	directive=${out##*$'\n'}
	if [[ $out == *$'\n'* ]]; then
		out=${out%$'\n'*}
		cands=("${(@f)out}")
	fi
	case $directive in
	:files) _files ;;
	:dirs) _files -/ ;;
	*)
		local -a described
		local c
		for c in "${cands[@]}"; do
			described+=("${${c%%$'\t'*}//:/\\:}:${c#*$'\t'}")
		done
		_describe -t values 'kubexplorer' described
		;;
	esac
}
if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
	_kubexplorer "$@"
else
	compdef _kubexplorer kubexplorer
fi
`,
	"fish": `# fish completion for kubexplorer (kubexplorer completion fish)
function __kubexplorer_complete
	set -l words (commandline -opc) (commandline -ct)
	set -l out ($words[1] __complete $words[2..-1] 2>/dev/null)
	or return
	set -l directive $out[-1]
	set -e out[-1]
	switch $directive
		case :files
			__fish_complete_path (commandline -ct)
		case :dirs
			__fish_complete_directories (commandline -ct)
		case '*'
			printf '%s\n' $out
	end
end
complete -c kubexplorer -f -a '(__kubexplorer_complete)'
`,
}
