package scenario

// Spec shorthands. v is "" for unversioned specs.
func alpha(v string, def bool) Spec { return Spec{Version: v, Default: def, Pre: "ALPHA"} }
func beta(v string, def bool) Spec  { return Spec{Version: v, Default: def, Pre: "BETA"} }
func ga(v string, def, lock bool) Spec {
	return Spec{Version: v, Default: def, Lock: lock, Pre: ""}
}
func deprecated(v string, def, lock bool) Spec {
	return Spec{Version: v, Default: def, Lock: lock, Pre: "DEPRECATED"}
}
func preAlpha(v string) Spec { return Spec{Version: v, Pre: "PRE-ALPHA"} }

func one(s Spec) []Spec { return []Spec{s} }

func set(kv ...any) Op {
	m := map[string]bool{}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i].(string)] = kv[i+1].(bool)
	}
	return Op{Do: "setFromMap", Values: m}
}

func enabled(name string) Op { return Op{Do: "enabled", Arg: name} }

// unversionedBase registers a small catalogue with plain Add, which every
// generation has (v0.31+ turns it into version 0.0 specs).
var unversionedBase = Op{Do: "add", Specs: map[string][]Spec{
	"AlphaA":     one(alpha("", false)),
	"AlphaOn":    one(alpha("", true)),
	"BetaOn":     one(beta("", true)),
	"BetaOff":    one(beta("", false)),
	"GAOpen":     one(ga("", true, false)),
	"GALock":     one(ga("", true, true)),
	"DepOff":     one(deprecated("", false, false)),
	"DepLockOff": one(deprecated("", false, true)),
}}

// versionedBase is a catalogue with histories around 1.35–1.37.
var versionedBase = Op{Do: "addVersioned", Specs: map[string][]Spec{
	"Grows":    {alpha("1.33", false), beta("1.35", true), ga("1.37", true, true)},
	"NewIn37":  {alpha("1.37", false)},
	"BetaOnly": {beta("1.30", false)},
	"Retiring": {ga("1.20", true, false), deprecated("1.36", true, false)},
	"Locked":   {beta("1.30", true), ga("1.34", true, true)},
	"Plain":    {alpha("1.34", false)},
}}

// Cases is the conformance table. Each case says what it pins down.
var Cases = []Case{
	{Name: "defaults of every stage", Ops: []Op{{Do: "new"}, unversionedBase,
		enabled("AlphaA"), enabled("AlphaOn"), enabled("BetaOn"), enabled("GALock"), enabled("DepOff")}},
	{Name: "identical re-add is a no-op, a different spec is an error naming the existing spec", Ops: []Op{{Do: "new"}, unversionedBase,
		{Do: "add", Specs: map[string][]Spec{"AlphaA": one(alpha("", false))}},
		{Do: "add", Specs: map[string][]Spec{"AlphaA": one(beta("", true))}},
		{Do: "add", Specs: map[string][]Spec{"GALock": one(ga("", false, false))}},
		{Do: "add", Specs: map[string][]Spec{"Fresh": one(alpha("", false)), "AlphaA": one(alpha("", true))}},
		enabled("Fresh")}},
	{Name: "unknown key", Ops: []Op{{Do: "new"}, unversionedBase, set("NoSuchGate", true), set("AlphaA", true)}},
	{Name: "locked: same value accepted with the GA warning, other value refused", Ops: []Op{{Do: "new"}, unversionedBase,
		set("GALock", true), set("GALock", false), set("DepLockOff", false), set("DepLockOff", true)}},
	{Name: "GA and deprecated warnings, also at the default", Ops: []Op{{Do: "new"}, unversionedBase,
		set("GAOpen", false), set("GAOpen", true, "DepOff", true, "AlphaA", true)}},
	{Name: "AllAlpha fills only unset gates; an explicit key wins", Ops: []Op{{Do: "new"}, unversionedBase,
		set("AllAlpha", true, "AlphaOn", false), set("AlphaA", false)}},
	{Name: "AllBeta=false switches default-on betas off", Ops: []Op{{Do: "new"}, unversionedBase,
		set("AllBeta", false), enabled("BetaOn")}},
	{Name: "AllAlpha fills stay across calls", Ops: []Op{{Do: "new"}, unversionedBase,
		set("AllAlpha", true), set("AllAlpha", false), set("AllBeta", true), set("AllBeta", false)}},
	{Name: "several bad keys: the error depends on map order", Ops: []Op{{Do: "new"}, unversionedBase,
		set("Nope1", true, "Nope2", false, "GALock", false),
		set("GALock", false, "DepLockOff", true, "GAOpen", true, "DepOff", true),
		set("Nope1", true, "GAOpen", false, "DepOff", true, "BetaOn", true)}},
	{Name: "Set parses key=value lists", Ops: []Op{{Do: "new"}, unversionedBase,
		{Do: "set", Arg: " AlphaA = TRUE , BetaOn=0 ,,"},
		{Do: "set", Arg: "AlphaA"},
		{Do: "set", Arg: "AlphaA=maybe"},
		{Do: "set", Arg: "AlphaA="},
		{Do: "set", Arg: "=true"},
		{Do: "set", Arg: "GALock=false"},
		{Do: "set", Arg: ""},
		{Do: "set", Arg: "AlphaOn=f,BetaOff=T"}}},
	{Name: "AddFlag closes the gate for Add but not for Set", Ops: []Op{{Do: "new"}, unversionedBase,
		set("AlphaA", true), {Do: "addFlag"},
		{Do: "add", Specs: map[string][]Spec{"Late": one(alpha("", false))}},
		{Do: "add", Specs: map[string][]Spec{"AlphaA": one(alpha("", false))}},
		set("BetaOff", true)}},
	{Name: "DeepCopy is independent and loses the gate name", Ops: []Op{{Do: "new"}, unversionedBase,
		set("AlphaA", true), {Do: "copy"}, set("BetaOn", false), enabled("Missing"), {Do: "pop"},
		enabled("BetaOn"), enabled("Missing")}},
	{Name: "a copy keeps the closed flag", Ops: []Op{{Do: "new"}, unversionedBase, {Do: "addFlag"}, {Do: "copy"},
		{Do: "add", Specs: map[string][]Spec{"Late": one(alpha("", false))}}}},
	{Name: "empty map and empty gate", Ops: []Op{{Do: "new"}, set(), enabled("AllAlpha"), set("AllBeta", true)}},
	{Name: "GetAll", Ops: []Op{{Do: "new"}, unversionedBase, set("AlphaA", true), {Do: "getAll"}}},
	{Name: "OverrideDefault", Ops: []Op{{Do: "new"}, unversionedBase,
		{Do: "override", Arg: "AlphaA", Bool: true}, enabled("AlphaA"),
		{Do: "override", Arg: "GAOpen", Bool: false},
		{Do: "override", Arg: "DepOff", Bool: true},
		{Do: "override", Arg: "GALock", Bool: false},
		{Do: "override", Arg: "Nope", Bool: true},
		{Do: "addFlag"},
		{Do: "override", Arg: "BetaOn", Bool: false}}},

	// Versioned generation (v0.31+).
	{Name: "plain Add on a versioned gate registers version 0.0 specs", Ops: []Op{{Do: "new"}, unversionedBase,
		{Do: "add", Specs: map[string][]Spec{"AlphaA": one(beta("", true))}},
		{Do: "addVersioned", Specs: map[string][]Spec{"AlphaA": {alpha("1.36", false)}}},
		{Do: "getAll"}}},
	{Name: "specs resolve at the emulation version", Ops: []Op{{Do: "newVersioned", Arg: "1.35"}, versionedBase,
		enabled("Grows"), enabled("NewIn37"), {Do: "setEmu", Arg: "1.37"}, {Do: "setEmu", Arg: "1.33"},
		{Do: "setEmu", Arg: "1.36"}, {Do: "getAll"}}},
	{Name: "PreAlpha features cannot be set", Ops: []Op{{Do: "newVersioned", Arg: "1.36"}, versionedBase,
		set("NewIn37", true), set("NewIn37", false), {Do: "validate"}}},
	{Name: "a failed call poisons the raw map", Ops: []Op{{Do: "newVersioned", Arg: "1.37"}, versionedBase,
		set("NoSuchGate", true), set("Plain", true), {Do: "validate"}, {Do: "reset", Arg: "NoSuchGate"},
		set("Plain", true)}},
	{Name: "warnings repeat on every call", Ops: []Op{{Do: "newVersioned", Arg: "1.37"}, versionedBase,
		set("Locked", true), set("Plain", true), set("Retiring", false), set("Grows", true)}},
	{Name: "aggregated errors", Ops: []Op{{Do: "newVersioned", Arg: "1.37"}, versionedBase,
		set("Locked", false, "Grows", false), set("Locked", false, "NoSuchGate", true)}},
	{Name: "emulation changes warn about queried features", Ops: []Op{{Do: "newVersioned", Arg: "1.35"}, versionedBase,
		enabled("Grows"), enabled("Plain"), set("Plain", true), {Do: "setEmu", Arg: "1.33"}, {Do: "setEmu", Arg: "1.37"},
		{Do: "setEmu", Arg: "1.30"}}},
	{Name: "AllAlpha and AllBeta evaluate stages at the emulation version", Ops: []Op{{Do: "newVersioned", Arg: "1.34"}, versionedBase,
		set("AllAlpha", true), set("AllBeta", false), {Do: "setEmu", Arg: "1.37"}, {Do: "setEmu", Arg: "1.35"}}},
	{Name: "reset and explicitly set", Ops: []Op{{Do: "newVersioned", Arg: "1.37"}, versionedBase,
		set("Plain", true, "AllBeta", true), {Do: "explicitlySet", Arg: "Plain"}, {Do: "explicitlySet", Arg: "BetaOnly"},
		{Do: "reset", Arg: "Plain"}, {Do: "reset", Arg: "BetaOnly"}, {Do: "reset", Arg: "Nope"},
		{Do: "explicitlySet", Arg: "Plain"}}},
	{Name: "DeepCopyAndReset keeps features and versions, drops values", Ops: []Op{{Do: "newVersioned", Arg: "1.36"}, versionedBase,
		set("Plain", true), {Do: "override", Arg: "BetaOnly", Bool: true}, {Do: "copyReset"}, enabled("Plain"), enabled("BetaOnly")}},
	{Name: "Close blocks AddVersioned", Ops: []Op{{Do: "newVersioned", Arg: "1.37"}, versionedBase, {Do: "close"},
		{Do: "addVersioned", Specs: map[string][]Spec{"Late": {alpha("1.37", false)}}}, set("Plain", true)}},
	{Name: "KnownFeatures and the flag help at several versions", Ops: []Op{{Do: "newVersioned", Arg: "1.34"}, versionedBase,
		{Do: "addFlag"}, {Do: "setEmu", Arg: "1.37"}, {Do: "addFlag"}}},
	// v0.31–v0.32 store a spec without a version and panic on the nil
	// version the next time anything resolves it; the model (no panics on
	// input) reads it as 0.0 there, so this part runs from v0.33 on.
	{MinLib: 33, Name: "AddVersioned refuses a spec without a version", Ops: []Op{{Do: "newVersioned", Arg: "1.37"},
		{Do: "addVersioned", Specs: map[string][]Spec{"NoVersion": {{Pre: "ALPHA"}}}}, {Do: "getAll"}}},
	{Name: "AddVersioned validation", Ops: []Op{{Do: "newVersioned", Arg: "1.37"},
		{Do: "addVersioned", Specs: map[string][]Spec{"Patch": {{Version: "1.36.1", Pre: "ALPHA"}}}},
		{Do: "addVersioned", Specs: map[string][]Spec{"Decreasing": {beta("1.36", true), alpha("1.35", false)}}},
		{Do: "addVersioned", Specs: map[string][]Spec{"Regress": {ga("1.35", true, false), beta("1.37", true)}}},
		{Do: "addVersioned", Specs: map[string][]Spec{"Resurrect": {deprecated("1.35", false, false), ga("1.37", true, false)}}},
		{Do: "addVersioned", Specs: map[string][]Spec{"BornDeprecated": {deprecated("1.35", false, false)}}},
		{Do: "addVersioned", Specs: map[string][]Spec{"Good": {alpha("1.30", false), beta("1.32", true)}}},
		{Do: "getAll"}}},
	{MinLib: 35, Name: "dependencies are checked, by default values too", Ops: []Op{{Do: "newVersioned", Arg: "1.37"}, versionedBase,
		{Do: "addVersioned", Specs: map[string][]Spec{"Base": {beta("1.30", true)}, "Child": {beta("1.31", true)}, "Other": {alpha("1.33", false)}}},
		{Do: "addDeps", Deps: map[string][]string{"Child": {"Base"}, "Other": {"Base", "Child"}}},
		set("Base", false), set("Child", false), set("Other", true), set("Child", true), {Do: "validate"}}},
	{MinLib: 35, Name: "AddDependencies validation", Ops: []Op{{Do: "newVersioned", Arg: "1.37"}, versionedBase,
		{Do: "addVersioned", Specs: map[string][]Spec{"Base": {beta("1.30", true)}, "Child": {beta("1.31", true)}, "AlphaDep": {alpha("1.33", false)}}},
		{Do: "addDeps", Deps: map[string][]string{"Nope": {"Base"}}},
		{Do: "addDeps", Deps: map[string][]string{"Child": {"Nope"}}},
		{Do: "addDeps", Deps: map[string][]string{"Child": {"AlphaDep"}}},
		{Do: "addDeps", Deps: map[string][]string{"Base": {"Child"}, "Child": {"Base"}}},
		{Do: "addDeps", Deps: map[string][]string{"Child": {"Base"}}},
		{Do: "addDeps", Deps: map[string][]string{"Child": {"Base"}}},
		{Do: "close"},
		{Do: "addDeps", Deps: map[string][]string{"AlphaDep": {"Base"}}}}},
	{MinLib: 35, Name: "min compatibility version gates a default flip", Ops: []Op{{Do: "newVersionedMC", Arg: "1.36", Arg2: "1.35"},
		{Do: "addVersioned", Specs: map[string][]Spec{"Flip": {alpha("1.34", false), beta("1.36", false), {Version: "1.36", Pre: "BETA", Default: true, MinCompat: "1.36"}}}},
		enabled("Flip"), {Do: "addFlag"}, {Do: "setEmuMC", Arg: "1.37", Arg2: "1.36"}, enabled("Flip"),
		{Do: "setEmu", Arg: "1.36"}, {Do: "setEmuMC", Arg: "1.36", Arg2: "1.36"}, {Do: "getAll"}}},
	{MinLib: 35, Name: "PreAlpha text names the min compatibility version", Ops: []Op{{Do: "newVersionedMC", Arg: "1.36", Arg2: "1.34"}, versionedBase,
		set("NewIn37", true)}},
	// Issue 16: what a differential run against v0.31–v0.37 found.
	{Name: "pre-releases of emulation and min-compatibility versions are kept", Ops: []Op{{Do: "newVersioned", Arg: "1.35.0-alpha.1"}, versionedBase,
		enabled("Grows"), set("NewIn37", true), {Do: "setEmu", Arg: "1.35-alpha.1"}, {Do: "setEmu", Arg: "v1.34.0-rc.0+abc"},
		{Do: "setEmu", Arg: "1.36.1"}}},
	{MinLib: 35, Name: "pre-release of the min-compatibility version", Ops: []Op{{Do: "newVersionedMC", Arg: "1.36.0-beta.0", Arg2: "1.35.0-alpha.2"},
		versionedBase, set("NewIn37", true), {Do: "setEmuMC", Arg: "1.37.0-rc.1", Arg2: "1.36.0-rc.1"}, {Do: "getAll"}}},
	{Name: "AddMetrics counts every available feature as queried", Ops: []Op{{Do: "newVersioned", Arg: "1.35"}, versionedBase,
		{Do: "addMetrics"}, {Do: "setEmu", Arg: "1.37"}, {Do: "addMetrics"}, {Do: "setEmu", Arg: "1.33"}}},
	{Name: "an emulation change to an equal version returns early despite an unknown name", Ops: []Op{{Do: "newVersioned", Arg: "1.36.0"}, versionedBase,
		set("NoSuchGate", true), {Do: "setEmu", Arg: "1.36"}, {Do: "setEmu", Arg: "1.36.0-alpha.1"}}},
	{MinLib: 35, Name: "an equal min-compatibility version returns early too", Ops: []Op{{Do: "newVersioned", Arg: "1.36.0"}, versionedBase,
		set("NoSuchGate", true), {Do: "setEmuMC", Arg: "1.36", Arg2: "1.35.0-rc.1"}, {Do: "setEmuMC", Arg: "1.36", Arg2: "1.34"}}},
	{Name: "Enabled on an unknown feature panics", Ops: []Op{{Do: "new"}, enabled("Unknown"), {Do: "copy"}, enabled("Unknown")}},
	{Name: "pre-alpha specs registered explicitly", Ops: []Op{{Do: "newVersioned", Arg: "1.36"},
		{Do: "addVersioned", Specs: map[string][]Spec{"Explicit": {preAlpha("1.35"), alpha("1.36", false)}}},
		enabled("Explicit"), {Do: "setEmu", Arg: "1.35"}, set("Explicit", true)}},
}
