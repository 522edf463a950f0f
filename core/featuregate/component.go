package featuregate

import (
	"fmt"
	"sort"
	"strings"

	"github.com/spf13/pflag"

	"github.com/kubexplorer/kubexplorer/core/featuregate/cliflag"
)

// DefaultKubeComponent is the component a control-plane gate without a
// "component:" prefix belongs to.
const DefaultKubeComponent = "kube"

// ComponentGates models the control plane's --feature-gates from 1.31 on
// (kube-apiserver, controller-manager, scheduler; not the kubelet): the flag
// only stores "component:Gate=value" pieces while flags are parsed; Apply
// later, once emulation versions are known, hands each component's pieces
// to its gate's Set. So errors are not wrapped by pflag, and they only
// appear after parsing succeeded.
//
// Upstream walks the components in Go map order; Apply walks them sorted
// (OrderRule), which decides which error comes first when several
// components fail.
type ComponentGates struct {
	config map[string][]string
	value  *cliflag.ColonSeparatedMultimapStringString
}

// NewComponentGates returns an empty configuration.
func NewComponentGates() *ComponentGates {
	c := &ComponentGates{config: map[string][]string{}}
	c.value = cliflag.NewColonSeparatedMultimapStringStringAllowDefaultEmptyKey(&c.config)
	return c
}

// AddFlag registers --feature-gates on fs; each gate is closed as upstream's
// registry does.
func (c *ComponentGates) AddFlag(fs *pflag.FlagSet, gates map[string]MutableVersionedFeatureGate) {
	var known []string
	for _, comp := range sortedKeys(gates) {
		gates[comp].Close()
		for _, line := range gates[comp].KnownFeatures() {
			known = append(known, comp+":"+line)
		}
	}
	sort.Strings(known)
	fs.Var(c.value, flagName, "Comma-separated list of component:key=value pairs that describe feature gates for alpha/experimental features of different components.\n"+
		"If the component is not specified, defaults to \"kube\". This flag can be repeatedly invoked. For example: --feature-gates 'wardle:featureA=true,wardle:featureB=false' --feature-gates 'kube:featureC=true'"+
		"Options are:\n"+strings.Join(known, "\n"))
}

// Value is the pflag value, for callers with their own flag set.
func (c *ComponentGates) Value() pflag.Value { return c.value }

// Config returns a copy of the stored pieces by component ("" = no prefix).
func (c *ComponentGates) Config() map[string][]string {
	out := make(map[string][]string, len(c.config))
	for k, v := range c.config {
		out[k] = append([]string(nil), v...)
	}
	return out
}

// Apply sets each component's gate from its pieces (joined by "," and
// passed to Set). Mixing unprefixed and "kube:" pieces, or naming a
// component without a gate, is an error.
func (c *ComponentGates) Apply(gates map[string]MutableVersionedFeatureGate) error {
	for _, comp := range sortedKeys(c.config) {
		pieces := c.config[comp]
		if comp == "" {
			if _, ok := c.config[DefaultKubeComponent]; ok {
				return fmt.Errorf("set kube feature gates with default empty prefix or kube: prefix consistently, do not mix use")
			}
			comp = DefaultKubeComponent
		}
		g, ok := gates[comp]
		if !ok {
			return fmt.Errorf("component not registered: %s", comp)
		}
		if g == nil {
			return fmt.Errorf("component featureGate not registered: %s", comp)
		}
		if err := g.Set(strings.Join(pieces, ",")); err != nil {
			return err
		}
	}
	return nil
}
