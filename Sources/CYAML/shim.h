#ifndef COURIER_CYAML_SHIM_H
#define COURIER_CYAML_SHIM_H
#include <yaml.h>
#endif
