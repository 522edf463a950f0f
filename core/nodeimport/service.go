package nodeimport

import (
	"fmt"
	"path"
	"sort"
	"strings"
	"unicode/utf8"
)

// service is kubelet.service as systemd assembles it from its unit file
// and drop-ins.
type service struct {
	unit string // "kubelet.service"
	// exec is the ExecStart= left after resets; more than one is an error
	// for the kubelet's Type=simple service.
	exec []unitEntryAt
	env  []envAssignment // Environment=, in order
	// envFiles are EnvironmentFile= paths in order; optional ones carry
	// systemd's "-" prefix (a missing file is fine).
	envFiles []envFileRef
	typ      string
	diags    []Diagnostic
}

type unitEntryAt struct {
	unitEntry
	file string
}

type envFileRef struct {
	path     string
	optional bool
	at       unitEntryAt
}

// assembleService applies the unit files in order: the unit, then its
// drop-ins (the caller sorts them). An empty ExecStart=, Environment= or
// EnvironmentFile= resets the list built so far, as systemd.exec(5) and
// systemd.service(5) say; settings outside [Service] are irrelevant here.
func assembleService(files []unitFile) *service {
	s := &service{}
	for _, f := range files {
		if s.unit == "" {
			s.unit = unitName(f.path)
		}
		for _, e := range f.entries {
			if e.section != "Service" {
				continue
			}
			at := unitEntryAt{e, f.path}
			switch e.key {
			case "ExecStart":
				if e.value == "" {
					s.exec = nil
				} else {
					s.exec = append(s.exec, at)
				}
			case "Environment":
				if e.value == "" {
					s.env = nil
					continue
				}
				words, _, err := extractWords(e.value)
				if err != nil {
					s.diags = append(s.diags, Diagnostic{Form: SystemdUnit, Path: f.path, Line: e.line, Severity: "warning", Message: "Environment=: " + err.Error() + "; systemd ignores the setting"})
					continue
				}
				for _, w := range words {
					k, v, ok := strings.Cut(w, "=")
					if !ok || !validEnvName(k) {
						s.diags = append(s.diags, Diagnostic{Form: SystemdUnit, Path: f.path, Line: e.line, Severity: "warning", Message: fmt.Sprintf("invalid environment assignment %q: systemd ignores it", w)})
						continue
					}
					s.env = append(s.env, envAssignment{key: k, value: v, line: e.line, file: f.path})
				}
			case "EnvironmentFile":
				if e.value == "" {
					s.envFiles = nil
					continue
				}
				p, optional := strings.CutPrefix(e.value, "-")
				s.envFiles = append(s.envFiles, envFileRef{path: p, optional: optional, at: at})
			case "Type":
				s.typ = e.value
			case "UnsetEnvironment", "PassEnvironment":
				s.diags = append(s.diags, Diagnostic{Form: SystemdUnit, Path: f.path, Line: e.line, Severity: "info", Message: e.key + "= is not modelled: the environment is taken from Environment= and EnvironmentFile= only"})
			}
		}
	}
	if s.unit == "" {
		s.unit = "kubelet.service"
	}
	return s
}

// commandLine turns the one ExecStart= into the kubelet's argv and
// environment. envFile returns an EnvironmentFile's content and whether
// the dump has it.
func (s *service) commandLine(envFile func(p string) (string, string, bool)) (args []string, env map[string]string, notes []string, err error) {
	switch {
	case len(s.exec) == 0:
		return nil, nil, nil, &Error{Form: SystemdUnit, Path: s.unit, Msg: "Service has no ExecStart=, ExecStop=, or SuccessAction=. Refusing. (systemd would not start it)"}
	case len(s.exec) > 1 && s.typ != "oneshot":
		second := s.exec[1]
		return nil, nil, nil, &Error{Form: SystemdUnit, Path: second.file, Line: second.line, Column: 1,
			Msg: "Service has more than one ExecStart= setting, which is only allowed for Type=oneshot services. Refusing. (a drop-in needs an empty ExecStart= before its own)"}
	}
	env = map[string]string{}
	setBy := map[string]string{}
	for _, a := range s.env {
		env[a.key] = a.value
		setBy[a.key] = fmt.Sprintf("Environment= in %s:%d", a.file, a.line)
	}
	// EnvironmentFile= settings override Environment= ones, whatever
	// their order; later files override earlier ones.
	for _, ref := range s.envFiles {
		content, shown, ok := envFile(ref.path)
		if !ok {
			if ref.optional {
				notes = append(notes, fmt.Sprintf("EnvironmentFile=-%s is not in the dump: treated as absent (the \"-\" lets systemd start without it)", ref.path))
			} else {
				notes = append(notes, fmt.Sprintf("EnvironmentFile=%s is not in the dump: treated as empty, but if it is missing on the node systemd refuses to start the service", ref.path))
			}
			continue
		}
		vars, diags := parseEnvFile(shown, []byte(content))
		s.diags = append(s.diags, diags...)
		for _, a := range vars {
			if by, ok := setBy[a.key]; ok && env[a.key] != a.value {
				notes = append(notes, fmt.Sprintf("%s from %s replaces the value of %s (EnvironmentFile= wins over Environment=)", a.key, ref.path, by))
			}
			env[a.key] = a.value
			setBy[a.key] = ref.path
		}
	}
	ex := s.exec[0]
	value := ex.value
	// The command may carry prefixes: @ - : + ! !!.
	prefix := ""
	for len(value) > 0 && strings.IndexByte("@-:+!", value[0]) >= 0 {
		prefix += value[:1]
		value = value[1:]
	}
	words, _, werr := extractWords(value)
	if werr != nil {
		col := ex.col + len(prefix)
		if we, ok := werr.(*wordError); ok {
			col += utf8.RuneCountInString(value[:we.offset])
		}
		return nil, nil, nil, &Error{Form: SystemdUnit, Path: ex.file, Line: ex.line, Column: col, Msg: "ExecStart=: " + werr.Error()}
	}
	var argv []string
	for _, w := range words {
		if w == ";" {
			return nil, nil, nil, &Error{Form: SystemdUnit, Path: ex.file, Line: ex.line, Msg: "ExecStart= holds several command lines separated by \";\", which only Type=oneshot services allow"}
		}
		w = specifiers(w, s.unit, &notes)
		if strings.Contains(prefix, ":") {
			argv = append(argv, w)
			continue
		}
		argv = append(argv, expandWord(w, env, &notes)...)
	}
	if strings.Contains(prefix, "@") && len(argv) > 1 {
		// "@": the second word is argv[0]; the kubelet ignores argv[0].
		argv = append(argv[:1], argv[2:]...)
	}
	k := -1
	for i, w := range argv {
		if isKubeletBinary(w) {
			k = i
			break
		}
	}
	if k < 0 {
		return nil, nil, nil, &Error{Form: SystemdUnit, Path: ex.file, Line: ex.line, Msg: fmt.Sprintf("ExecStart= does not run a kubelet binary: %q", strings.Join(argv, " "))}
	}
	if k > 0 {
		notes = append(notes, fmt.Sprintf("ExecStart= runs %s, which starts %s: the arguments after it are the kubelet's", argv[0], argv[k]))
	}
	notes = append(notes, fmt.Sprintf("command line from ExecStart= in %s:%d", ex.file, ex.line))
	return argv[k+1:], env, notes, nil
}

// isKubeletBinary: a path whose file name is kubelet (or kubelet.exe).
func isKubeletBinary(w string) bool {
	b := path.Base(w)
	return b == "kubelet" || b == "kubelet.exe"
}

// sortDropins orders a unit's drop-ins as systemd applies them: by file
// name, whatever their directory (/etc, /run, /usr/lib).
func sortDropins(files []unitFile) {
	sort.SliceStable(files, func(i, j int) bool { return path.Base(files[i].path) < path.Base(files[j].path) })
}
