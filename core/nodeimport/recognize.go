package nodeimport

import (
	"strings"
)

// recognize names the form of a section from its content, or "" when it
// is none the importer knows. Where a form is recognised by a signature
// (a "kubeletconfig" member, kind: ConfigMap, a [Service] section) a
// malformed body still counts as that form, so that its error can name
// it.
func recognize(s section) Form {
	if s.hint != "" {
		return s.hint
	}
	c := s.content
	if strings.IndexByte(c, 0) >= 0 {
		if _, ok := procCmdline(c); ok {
			return ProcCmdline
		}
		if _, ok := procEnviron(c); ok {
			return ProcEnviron
		}
		return ""
	}
	t := strings.TrimSpace(c)
	if strings.HasPrefix(t, "{") {
		switch {
		case strings.Contains(t, `"kubeletconfig"`):
			return Configz
		case strings.Contains(t, `"ConfigMap"`) && strings.Contains(t, `"kind"`):
			return KubeadmConfigMap
		case strings.Contains(t, `"KubeletConfiguration"`):
			return KubeletConfig
		}
		return ""
	}
	first, _, _ := strings.Cut(t, "\n")
	if isUnitHeaderLine(strings.TrimSpace(first)) {
		return SystemdUnit
	}
	var yamlKind, apiVersion string
	for _, l := range strings.Split(t, "\n") {
		l = strings.TrimRight(l, "\r \t")
		switch {
		case l == "[Service]" || l == "[Unit]" || l == "[Install]":
			return SystemdUnit
		case strings.HasPrefix(l, "kind:"):
			yamlKind = strings.Trim(strings.TrimSpace(l[len("kind:"):]), `"'`)
		case strings.HasPrefix(l, "apiVersion:"):
			apiVersion = strings.Trim(strings.TrimSpace(l[len("apiVersion:"):]), `"'`)
		}
	}
	switch {
	case yamlKind == "ConfigMap":
		return KubeadmConfigMap
	case yamlKind == kubeletKind:
		return KubeletConfig
	case yamlKind == "" && strings.HasPrefix(apiVersion, "kubelet.config.k8s.io/"):
		// 1.29–1.31 drop-ins may leave kind out.
		return KubeletConfig
	}
	if !strings.Contains(t, "\n") {
		if _, _, ok := kubeletVersion(t); ok {
			return KubeletVersion
		}
		if _, ok := psArgs(t); ok && !strings.Contains(t, "ExecStart") {
			return PS
		}
	}
	if looksLikeEnvFile(t) {
		return EnvironmentFile
	}
	return ""
}
