package gates_test

// The tests call the operators' methods too, which explorer/gatestools
// registers.
import _ "github.com/kubexplorer/kubexplorer/explorer/gatestools"
