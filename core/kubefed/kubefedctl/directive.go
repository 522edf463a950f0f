package kubefedctl

import (
	"fmt"
	"io"
	"strings"

	"github.com/kubexplorer/kubexplorer/core/yamldoc"
)

// EnableTypeDirective is the file `kubefedctl enable -f FILENAME` reads
// (pkg/kubefedctl/enable/directive.go): metadata.name is NAME and spec holds
// what the flags would give. Only the fields kubefedctl uses are decoded;
// apiVersion and kind are not checked.
type EnableTypeDirective struct {
	Metadata ObjectMeta              `json:"metadata,omitempty"`
	Spec     EnableTypeDirectiveSpec `json:"spec,omitempty"`
}

// ObjectMeta is the part of the directive's metadata kubefedctl reads.
type ObjectMeta struct {
	Name string `json:"name,omitempty"`
}

// EnableTypeDirectiveSpec is the directive's spec.
type EnableTypeDirectiveSpec struct {
	TargetVersion    string `json:"targetVersion,omitempty"`
	FederatedGroup   string `json:"federatedGroup,omitempty"`
	FederatedVersion string `json:"federatedVersion,omitempty"`
}

// decodeDirective reads the first YAML document of a directive file the way
// apimachinery's YAMLToJSONDecoder does: into a directive that already holds
// the flag defaults, so that only the fields the file sets change (an empty
// file is io.EOF). Errors are wrapped as kubefedctl wraps them.
func decodeDirective(filename, content string) (*EnableTypeDirective, error) {
	d := &EnableTypeDirective{Spec: EnableTypeDirectiveSpec{FederatedGroup: DefaultFederatedGroup, FederatedVersion: DefaultFederatedVersion}}
	doc := firstDocument(content)
	var err error
	if doc == "" {
		err = io.EOF
	} else {
		err = yamldoc.Unmarshal([]byte(doc), d)
	}
	if err != nil {
		//lint:ignore ST1005 upstream's exact message
		return nil, fmt.Errorf("Failed to load yaml from file %q: %v", filename, err)
	}
	return d, nil
}

// firstDocument is what apimachinery's YAMLReader returns first: lines up
// to a separator line ("---" and only white space after it) that ends a
// non-empty document. A separator met with nothing read yet is kept as the
// document's first line, except as the very last line, which is io.EOF.
func firstDocument(content string) string {
	var b strings.Builder
	for _, line := range strings.SplitAfter(content, "\n") {
		if line == "" {
			break
		}
		if strings.HasPrefix(line, "---") && strings.TrimSpace(line[3:]) == "" {
			if b.Len() != 0 {
				break
			}
			if !strings.HasSuffix(line, "\n") {
				break
			}
		}
		b.WriteString(line)
	}
	return b.String()
}
