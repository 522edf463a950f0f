package featuregate

// Aggregate is a list of errors printed the way
// k8s.io/apimachinery/pkg/util/errors prints its aggregate: one error bare,
// several as "[a, b]", duplicate messages once, nested aggregates flattened.
type Aggregate []error

// NewAggregate drops nil errors and returns nil when none remain.
func NewAggregate(errs []error) error {
	var out Aggregate
	for _, e := range errs {
		if e != nil {
			out = append(out, e)
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// Errors returns the errors in the aggregate.
func (a Aggregate) Errors() []error { return []error(a) }

func (a Aggregate) Error() string {
	if len(a) == 0 {
		return ""
	}
	if len(a) == 1 {
		return a[0].Error()
	}
	seen := map[string]bool{}
	result := ""
	a.visit(func(err error) {
		msg := err.Error()
		if seen[msg] {
			return
		}
		if len(seen) > 0 {
			result += ", "
		}
		seen[msg] = true
		result += msg
	})
	if len(seen) == 1 {
		return result
	}
	return "[" + result + "]"
}

func (a Aggregate) visit(f func(error)) {
	for _, err := range a {
		if inner, ok := err.(Aggregate); ok {
			inner.visit(f)
			continue
		}
		f(err)
	}
}
