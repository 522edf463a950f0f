package nodeimport

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	yaml "go.yaml.in/yaml/v3"
)

// kubeadmConfigMap is what kubeadm's kubelet ConfigMap gives.
type kubeadmConfigMap struct {
	name    string
	content string
	// line is the dump's line of content's first line; 0 when the value
	// is a quoted string (kubectl -o json) whose lines do not map.
	line int
	// release is 1.X for kubeadm's versioned name kubelet-config-1.X.
	release string
}

// kubeadmRelease returns 1.X for kubeadm's ConfigMap name up to 1.23,
// kubelet-config-1.X (KubeletBaseConfigurationConfigMapPrefix +
// major.minor); from 1.24 (UnversionedKubeletConfigMap on by default, GA
// in 1.25) the name is kubelet-config. The data key is "kubelet" in every
// release.
func kubeadmRelease(name string) string {
	v, ok := strings.CutPrefix(name, "kubelet-config-")
	if !ok {
		return ""
	}
	if r, ok := minorRelease(v); ok && r == v {
		return v
	}
	return ""
}

// parseKubeadmConfigMap reads `kubectl get cm -n kube-system
// kubelet-config -o yaml` (or -o json: JSON is YAML).
func parseKubeadmConfigMap(name string, data []byte) (*kubeadmConfigMap, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, yamlError(name, KubeadmConfigMap, err)
	}
	if len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return nil, &Error{Form: KubeadmConfigMap, Path: name, Line: 1, Column: 1, Msg: "want a ConfigMap object"}
	}
	root := doc.Content[0]
	if k := mapValue(root, "kind"); k == nil || k.Value != "ConfigMap" {
		return nil, &Error{Form: KubeadmConfigMap, Path: name, Line: root.Line, Column: root.Column, Msg: "kind is not ConfigMap"}
	}
	cm := &kubeadmConfigMap{}
	if n := mapValue(mapValue(root, "metadata"), "name"); n != nil {
		cm.name = n.Value
	}
	cm.release = kubeadmRelease(cm.name)
	d := mapValue(root, "data")
	if d == nil || d.Kind != yaml.MappingNode {
		return nil, &Error{Form: KubeadmConfigMap, Path: name, Line: root.Line, Column: root.Column, Msg: fmt.Sprintf("ConfigMap %q has no data", cm.name)}
	}
	v := mapValue(d, "kubelet")
	if v == nil {
		var keys []string
		for i := 0; i+1 < len(d.Content); i += 2 {
			keys = append(keys, strconv.Quote(d.Content[i].Value))
		}
		sort.Strings(keys)
		return nil, &Error{Form: KubeadmConfigMap, Path: name, Line: d.Line, Column: d.Column,
			Msg: fmt.Sprintf("ConfigMap %q has no data key \"kubelet\", where kubeadm keeps the KubeletConfiguration (keys: %s)", cm.name, strings.Join(keys, ", "))}
	}
	if v.Kind != yaml.ScalarNode {
		return nil, &Error{Form: KubeadmConfigMap, Path: name, Line: v.Line, Column: v.Column, Msg: "data.kubelet must be a string"}
	}
	cm.content = v.Value
	if v.Style == yaml.LiteralStyle {
		cm.line = v.Line + 1
	}
	return cm, nil
}

// mapValue returns the value of key in a mapping node (nil-safe).
func mapValue(m *yaml.Node, key string) *yaml.Node {
	if m == nil || m.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}

// yamlError places a YAML error on its line (the library reports no
// column).
func yamlError(name string, form Form, err error) error {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	if te, ok := err.(*yaml.TypeError); ok && len(te.Errors) > 0 {
		msg = te.Errors[0]
	}
	line := 0
	if rest, ok := strings.CutPrefix(msg, "line "); ok {
		if n, after, ok := strings.Cut(rest, ": "); ok {
			if v, err := strconv.Atoi(n); err == nil {
				line, msg = v, after
			}
		}
	}
	return &Error{Form: form, Path: name, Line: line, Msg: msg}
}
