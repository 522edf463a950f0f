package featuregate

import (
	"strings"

	"github.com/spf13/pflag"
)

const flagName = "feature-gates"

// Close forbids further Add, AddVersioned, AddDependencies and OverrideDefault.
func (f *featureGate) Close() { f.closed = true }

// AddFlag closes the gate and registers it as --feature-gates, with the
// known features in the help text.
func (f *featureGate) AddFlag(fs *pflag.FlagSet) {
	f.Close()
	fs.Var(f, flagName, "A set of key=value pairs that describe feature gates for alpha/experimental features. "+
		"Options are:\n"+strings.Join(f.KnownFeatures(), "\n"))
}
