#import "LoginCoordinator_Legacy.h"

@implementation LoginCoordinator_Legacy

- (void)start {
}

@end
