package nodeimport

import (
	"fmt"
	"path"
	"slices"
	"sort"
	"strings"

	yaml "go.yaml.in/yaml/v3"

	"github.com/kubexplorer/kubexplorer/core/kubeletstart"
)

// assemble turns the parsed inputs into the model's input.
//
// The command line comes from /proc/PID/cmdline, else a ps line (both show
// the running process), else the systemd unit (what the next start would
// run); when both a process and a unit are present and disagree, a
// warning says so. The --config file is the KubeletConfiguration whose
// path matches the flag; if the dump lacks it, configz (the live merged
// configuration) or kubeadm's ConfigMap stand in, with a note. Without a
// command line, the configuration found (configz first, then a config
// file, then the ConfigMap) is the config file. Drop-ins are the files
// below --config-dir.
func (n *Node) assemble(ps []*parsed) error {
	if err := n.release(ps); err != nil {
		return err
	}
	args, argsFrom, err := n.commandLine(ps)
	if err != nil {
		return err
	}
	in := &n.Input
	if argsFrom != nil {
		in.Args = args
		n.Parts[argsFrom.part].CommandLine = true
	} else {
		n.note("the dump has no kubelet command line (ps, /proc/PID/cmdline or a systemd unit): evaluated without flags")
	}
	for _, p := range ps {
		if p.form == ProcEnviron {
			in.Env = p.env
			n.use(p, "environment of the kubelet process")
		}
	}
	config, hasConfig := flagValue(args, "config")
	dir, hasDir := flagValue(args, "config-dir")
	used := map[*parsed]bool{}
	if argsFrom != nil {
		used[argsFrom] = true
	}
	switch {
	case hasConfig:
		n.configFor(ps, config, used)
	case argsFrom == nil:
		n.configWithoutCommandLine(ps, used)
	}
	if hasDir {
		n.dropins(ps, dir, used)
	}
	if dyn, ok := flagValue(args, "dynamic-config-dir"); ok && dyn != "" {
		n.dynamicCheckpoint(ps, dyn, used)
	}
	for _, p := range ps {
		if n.Parts[p.part].Use != "" {
			continue
		}
		switch {
		case p.form == KubeletConfig && !hasConfig && argsFrom != nil:
			n.use(p, "unused: the kubelet has no --config")
		case p.form == KubeletConfig && !hasDir && strings.HasSuffix(path.Dir(p.sec.name), ".conf.d") && argsFrom != nil:
			n.use(p, "unused: looks like a drop-in, but the kubelet has no --config-dir")
		case p.form == "":
			n.use(p, "unused: not a form the importer knows")
		default:
			n.use(p, "unused")
		}
	}
	return nil
}

// release reads `kubelet --version` and kubeadm's versioned ConfigMap name.
func (n *Node) release(ps []*parsed) error {
	for _, p := range ps {
		switch {
		case p.form == KubeletVersion:
			if n.Release != "" && n.Version != p.version {
				return &Error{Form: KubeletVersion, Path: p.sec.file, Section: sectionName(p.sec), Line: p.sec.line,
					Msg: fmt.Sprintf("the dump states two versions, %s and %s", n.Version, p.version)}
			}
			n.Release, n.Version = p.release, p.version
			n.use(p, "release "+p.release)
		case p.form == KubeadmConfigMap && p.release != "":
			n.ReleaseHint = p.release
		}
	}
	return nil
}

func sectionName(s section) string {
	if s.name == s.file {
		return ""
	}
	return s.name
}

// commandLine picks the kubelet's argv.
func (n *Node) commandLine(ps []*parsed) ([]string, *parsed, error) {
	var proc, unit *parsed
	for _, p := range ps {
		if p.form != ProcCmdline && p.form != PS {
			continue
		}
		if proc != nil && !slices.Equal(proc.args, p.args) {
			return nil, nil, &Error{Form: p.form, Path: p.sec.file, Section: sectionName(p.sec), Line: p.sec.line,
				Msg: fmt.Sprintf("a second, different kubelet command line (the first is at %s:%d): a node dump describes one kubelet", proc.sec.file, proc.sec.line)}
		}
		if proc == nil || proc.form == PS && p.form == ProcCmdline {
			proc = p
		}
	}
	unitArgs, unitEnv, unit, err := n.systemd(ps)
	if err != nil {
		return nil, nil, err
	}
	switch {
	case proc != nil:
		n.use(proc, "command line")
		for _, p := range ps {
			if p != proc && (p.form == PS || p.form == ProcCmdline) {
				n.use(p, "command line (same as "+proc.sec.name+")")
			}
		}
		if unit != nil && !slices.Equal(unitArgs, proc.args) {
			n.Diagnostics = append(n.Diagnostics, Diagnostic{Form: SystemdUnit, Path: unit.sec.file, Section: sectionName(unit.sec), Severity: "warning",
				Message: fmt.Sprintf("the systemd unit would start the kubelet with other arguments than the running process (the unit or its files changed since it started): unit %q, process %q",
					strings.Join(unitArgs, " "), strings.Join(proc.args, " "))})
		}
		if unit != nil && n.Input.Env == nil {
			n.Input.Env = unitEnv
		}
		return proc.args, proc, nil
	case unit != nil:
		n.Input.Env = unitEnv
		return unitArgs, unit, nil
	}
	return nil, nil, nil
}

// systemd assembles kubelet.service from the unit files of the dump.
func (n *Node) systemd(ps []*parsed) ([]string, map[string]string, *parsed, error) {
	type unitAt struct {
		f unitFile
		p *parsed
	}
	byUnit := map[string][]unitAt{}
	for _, p := range ps {
		for _, u := range p.units {
			name := unitName(u.path)
			byUnit[name] = append(byUnit[name], unitAt{u, p})
		}
	}
	if len(byUnit) == 0 {
		return nil, nil, nil, nil
	}
	names := make([]string, 0, len(byUnit))
	for k := range byUnit {
		names = append(names, k)
	}
	sort.Strings(names)
	// kubelet.service first, then any unit that runs a kubelet.
	sort.SliceStable(names, func(i, j int) bool { return names[i] == "kubelet.service" && names[j] != "kubelet.service" })
	var firstErr error
	for _, name := range names {
		units := byUnit[name]
		var mains, dropins []unitAt
		for _, u := range units {
			if strings.HasSuffix(u.f.path, ".service") || !strings.Contains(u.f.path, ".service.d/") {
				mains = append(mains, u)
			} else {
				dropins = append(dropins, u)
			}
		}
		sort.SliceStable(mains, func(i, j int) bool { return unitDirRank(mains[i].f.path) < unitDirRank(mains[j].f.path) })
		dropins = effectiveDropins(dropins, func(u unitAt) string { return u.f.path })
		var files []unitFile
		if len(mains) > 0 {
			files = append(files, mains[0].f)
			for _, m := range mains[1:] {
				n.note("%s is masked by %s (systemd reads the first of /etc, /run, /usr/lib)", m.f.path, mains[0].f.path)
			}
		} else {
			n.note("the dump has drop-ins for %s but not the unit itself", name)
		}
		dropinFiles := make([]unitFile, len(dropins))
		for i, d := range dropins {
			dropinFiles[i] = d.f
		}
		sortDropins(dropinFiles)
		files = append(files, dropinFiles...)
		svc := assembleService(files)
		refs := map[string]bool{}
		args, env, notes, err := svc.commandLine(func(p string) (string, string, bool) {
			for _, q := range ps {
				if (q.form == EnvironmentFile || q.form == "") && pathMatches(q.sec.name, p) {
					refs[p] = true
					n.use(q, "environment file "+p)
					return q.sec.content, q.sec.name, true
				}
			}
			return "", "", false
		})
		n.Diagnostics = append(n.Diagnostics, svc.diags...)
		if err != nil {
			if firstErr == nil {
				firstErr = err
			}
			continue
		}
		for _, u := range units {
			n.use(u.p, "systemd unit "+name)
		}
		n.Notes = append(n.Notes, notes...)
		return args, env, units[0].p, nil
	}
	return nil, nil, nil, firstErr
}

// unitDirRank orders unit directories by systemd's precedence.
func unitDirRank(p string) int {
	for i, d := range []string{"/etc/systemd/system/", "/run/systemd/system/", "/usr/local/lib/systemd/system/", "/usr/lib/systemd/system/", "/lib/systemd/system/"} {
		if strings.HasPrefix(p, d) || strings.HasPrefix("/"+p, d) {
			return i
		}
	}
	return 10
}

// effectiveDropins drops the drop-ins a same-named one in a directory of
// higher precedence masks.
func effectiveDropins[T any](ds []T, pathOf func(T) string) []T {
	best := map[string]T{}
	for _, d := range ds {
		base := path.Base(pathOf(d))
		if cur, ok := best[base]; !ok || unitDirRank(pathOf(d)) < unitDirRank(pathOf(cur)) {
			best[base] = d
		}
	}
	var out []T
	for _, d := range ds {
		if b := best[path.Base(pathOf(d))]; pathOf(b) == pathOf(d) {
			out = append(out, d)
		}
	}
	return out
}

// flagValue finds the last value of a kubelet flag in argv (pflag: the
// last occurrence wins; the kubelet normalizes "_" to "-").
func flagValue(args []string, name string) (string, bool) {
	val, found := "", false
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !strings.HasPrefix(a, "--") {
			continue
		}
		k, v, hasValue := strings.Cut(a[2:], "=")
		if strings.ReplaceAll(k, "_", "-") != name {
			continue
		}
		if !hasValue {
			if i+1 >= len(args) {
				continue
			}
			i++
			v = args[i]
		}
		val, found = v, true
	}
	return val, found
}

// pathMatches says whether a dump path names a node path: the same path,
// or a path relative to the dump that ends the node's (tar strips the
// leading "/"; "config.yaml" stands for any …/config.yaml).
func pathMatches(dumpPath, nodePath string) bool {
	d := strings.TrimPrefix(path.Clean("/"+dumpPath), "/")
	p := strings.TrimPrefix(path.Clean("/"+nodePath), "/")
	return d == p || strings.HasSuffix(p, "/"+d)
}

// under returns the path of a dump file relative to a node directory.
func under(dumpPath, dir string) (string, bool) {
	d := strings.TrimPrefix(path.Clean("/"+dumpPath), "/")
	parts := strings.Split(strings.TrimPrefix(path.Clean("/"+dir), "/"), "/")
	for i := range parts {
		prefix := strings.Join(parts[i:], "/") + "/"
		if rel, ok := strings.CutPrefix(d, prefix); ok && rel != "" {
			return rel, true
		}
	}
	return "", false
}

// configFor finds the file --config names.
func (n *Node) configFor(ps []*parsed, config string, used map[*parsed]bool) {
	for _, p := range ps {
		if (p.form == KubeletConfig || p.form == "") && pathMatches(p.sec.name, config) {
			n.setConfig(p, config, "config file (--config)")
			used[p] = true
			return
		}
	}
	for _, form := range []Form{Configz, KubeadmConfigMap} {
		for _, p := range ps {
			if p.form == form {
				n.setConfig(p, config, "config file (stands in for --config="+config+")")
				used[p] = true
				what := "configz, the live configuration (it already includes the flags and drop-ins),"
				if form == KubeadmConfigMap {
					what = "kubeadm's ConfigMap, which kubeadm writes to the node's config file on join and upgrade,"
				}
				n.note("the dump lacks %s, which --config names: %s stands in for it", config, what)
				return
			}
		}
	}
	n.Missing = append(n.Missing, config)
	n.note("the dump lacks %s, which --config names: the evaluation reports it missing", config)
}

// configWithoutCommandLine takes the one configuration of a dump that
// has no command line.
func (n *Node) configWithoutCommandLine(ps []*parsed, used map[*parsed]bool) {
	for _, form := range []Form{Configz, KubeletConfig, KubeadmConfigMap} {
		var found []*parsed
		for _, p := range ps {
			if p.form == form {
				found = append(found, p)
			}
		}
		if len(found) == 0 {
			continue
		}
		n.setConfig(found[0], DefaultConfigPath, "config file")
		used[found[0]] = true
		if len(found) > 1 {
			n.note("the dump has %d %s inputs and no command line to choose: %s is used", len(found), form.Title(), found[0].sec.name)
		}
		return
	}
}

func (n *Node) setConfig(p *parsed, at, use string) {
	n.Input.Config = &kubeletstart.File{Path: at, Content: p.config}
	n.use(p, use)
	n.Parts[p.part].ContentLine = p.line
	n.Parts[p.part].KubeletPath = at
}

// dropins collects the files below --config-dir.
func (n *Node) dropins(ps []*parsed, dir string, used map[*parsed]bool) {
	n.Input.ConfigDir = dir
	for _, p := range ps {
		if used[p] || p.form != KubeletConfig && p.form != "" {
			continue
		}
		rel, ok := under(p.sec.name, dir)
		if !ok {
			continue
		}
		n.Input.DropIns = append(n.Input.DropIns, kubeletstart.File{Path: rel, Content: p.config})
		n.use(p, "drop-in "+rel)
		n.Parts[p.part].ContentLine = p.line
		n.Parts[p.part].KubeletPath = path.Join(dir, rel)
		used[p] = true
	}
	if len(n.Input.DropIns) == 0 {
		n.note("--config-dir=%s: the dump has no file below it, so the evaluation sees an empty directory", dir)
	}
}

// dynamicCheckpoint finds the checkpoint the Dynamic Kubelet Config
// controller (1.18–1.23) would load from --dynamic-config-dir: its store
// keeps each downloaded ConfigMap under store/checkpoints/UID/RESOURCEVERSION/
// (one file per data key) and names the assigned one in store/meta/assigned
// (a SerializedNodeConfigSource). One checkpoint is used as it is; of
// several, the assigned one.
func (n *Node) dynamicCheckpoint(ps []*parsed, dir string, used map[*parsed]bool) {
	var cands []*parsed
	var assigned *parsed
	for _, p := range ps {
		rel, ok := under(p.sec.name, dir)
		switch {
		case !ok || used[p]:
		case rel == "store/meta/assigned":
			assigned = p
		case strings.HasPrefix(rel, "store/checkpoints/") && (p.form == KubeletConfig || p.form == ""):
			cands = append(cands, p)
		}
	}
	pick := func(p *parsed) {
		n.Input.DynamicCheckpoint = &kubeletstart.File{Path: path.Join(dir, mustUnder(p.sec.name, dir)), Content: p.config}
		n.use(p, "dynamic config checkpoint")
		n.Parts[p.part].ContentLine = p.line
		n.Parts[p.part].KubeletPath = n.Input.DynamicCheckpoint.Path
		used[p] = true
	}
	switch {
	case len(cands) == 1:
		pick(cands[0])
	case len(cands) > 1 && assigned != nil:
		uid, rv, key := assignedSource(assigned.sec.content)
		want := path.Join("store/checkpoints", uid, rv, key)
		for _, c := range cands {
			if rel, _ := under(c.sec.name, dir); rel == want {
				n.use(assigned, "names the assigned checkpoint")
				pick(c)
				return
			}
		}
		n.note("%d dynamic config checkpoints, none of them the one store/meta/assigned names (%s): none is used", len(cands), want)
	case len(cands) > 1:
		n.note("%d dynamic config checkpoints and no store/meta/assigned to choose: none is used", len(cands))
	}
}

func mustUnder(p, dir string) string {
	rel, _ := under(p, dir)
	return rel
}

// assignedSource reads the ConfigMap reference of a SerializedNodeConfigSource.
func assignedSource(data string) (uid, resourceVersion, key string) {
	var doc yaml.Node
	if yaml.Unmarshal([]byte(data), &doc) != nil || len(doc.Content) == 0 {
		return "", "", ""
	}
	cm := mapValue(mapValue(doc.Content[0], "source"), "configMap")
	get := func(k string) string {
		if v := mapValue(cm, k); v != nil {
			return v.Value
		}
		return ""
	}
	return get("uid"), get("resourceVersion"), get("kubeletConfigKey")
}
